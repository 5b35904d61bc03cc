import { describe, expect, it } from 'vitest';
import { boundaryOf, buildMultipart, parseMultipart } from './multipart';

const bytes = (text: string) => new TextEncoder().encode(text);
const textOf = (body: Uint8Array) => new TextDecoder().decode(body);

describe('WADO-RS multipart/related bodies', () => {
  it('reads the boundary of a multipart/related type, quoted or not', () => {
    expect(boundaryOf('multipart/related; type="application/dicom"; boundary="a b:c"')).toBe(
      'a b:c',
    );
    expect(boundaryOf('multipart/related; boundary=xyz; type="application/dicom"')).toBe('xyz');
    expect(boundaryOf('application/dicom')).toBeNull();
    expect(boundaryOf(null)).toBeNull();
  });

  it('splits parts with their headers and bodies, ignoring preamble and epilogue', () => {
    const body = bytes(
      'preamble\r\n--B\r\nContent-Type: application/dicom\r\nContent-Location: /x/1\r\n\r\nONE\r\n' +
        '--B\r\nContent-Type: application/dicom\r\n\r\nTWO\r\n--B--\r\nepilogue',
    );
    const parts = parseMultipart(body, 'B');
    expect(parts.map((part) => textOf(part.body))).toEqual(['ONE', 'TWO']);
    expect(parts[0]!.headers).toEqual({
      'content-type': 'application/dicom',
      'content-location': '/x/1',
    });
  });

  it('keeps binary bodies byte for byte, even when they contain CRLF, dashes and a prefix of the boundary', () => {
    const payload = new Uint8Array([0, 13, 10, 45, 45, 66, 255, 13, 10, 13, 10, 1]);
    const built = buildMultipart([{ contentType: 'application/dicom', body: payload }], 'B7');
    expect([...parseMultipart(built, 'B7')[0]!.body]).toEqual([...payload]);
  });

  it('reads a part without headers', () => {
    expect(textOf(parseMultipart(bytes('--B\r\n\r\nX\r\n--B--'), 'B')[0]!.body)).toBe('X');
  });

  it('refuses a body cut short, so a truncated download is never shown', () => {
    const built = buildMultipart([{ contentType: 'application/dicom', body: bytes('DATA') }], 'B');
    expect(() => parseMultipart(built.subarray(0, built.length - 12), 'B')).toThrow(/truncated/);
    expect(() => parseMultipart(bytes('no boundary here'), 'B')).toThrow(/no boundary/);
  });

  it('round-trips many parts (build then parse)', () => {
    const parts = Array.from({ length: 20 }, (_, i) => ({
      contentType: 'application/dicom',
      body: new Uint8Array(1000 + i).fill(i),
      location: `/instances/${i}`,
    }));
    const parsed = parseMultipart(buildMultipart(parts, 'boundary-123'), 'boundary-123');
    expect(parsed.map((part) => part.body.length)).toEqual(parts.map((part) => part.body.length));
    expect(parsed[7]!.headers['content-location']).toBe('/instances/7');
  });
});
