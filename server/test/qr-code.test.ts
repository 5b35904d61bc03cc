import { describe, expect, it } from 'vitest';
import { encodeQr, qrSvg, reedSolomon, versionFor } from '../services/qr-code.js';
import { alignmentPositions, formatBits, versionBits } from '../services/qr-matrix.js';
import { decodeQr as decode, svgMatrix } from './qr-decode.js';

describe('the QR code encoder (issue 16 part 7)', () => {
  it('computes the Reed–Solomon codewords of the ISO/IEC 18004 example (01234567, 1-M)', () => {
    const data = [
      0x10, 0x20, 0x0c, 0x56, 0x61, 0x80, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec,
      0x11,
    ];
    expect(reedSolomon(data, 10)).toEqual([
      0xa5, 0x24, 0xd4, 0xc1, 0xed, 0x36, 0xc7, 0x87, 0x2c, 0x55,
    ]);
  });

  it('writes the standard format and version words', () => {
    expect(formatBits(0, 0)).toBe(0b101010000010010); // level M, mask 0
    expect(formatBits(1, 0)).toBe(0b111011111000100); // level L, mask 0
    expect(versionBits(7)).toBe(0x07c94);
    expect(versionBits(40)).toBe(0x28c69);
    expect(alignmentPositions(7)).toEqual([6, 22, 38]);
    expect(alignmentPositions(32)).toEqual([6, 34, 60, 86, 112, 138]);
  });

  it('chooses the smallest version that holds the text at level M', () => {
    expect(versionFor(14)).toBe(1);
    expect(versionFor(15)).toBe(2);
    expect(versionFor(84)).toBe(5);
    expect(versionFor(85)).toBe(6);
  });

  it('draws finder patterns and the dark module, and reads back to the text', () => {
    for (const text of [
      'https://portal.example/check-in?bookingKey=AbCdEf0123456789_-xyzXYZ',
      'http://127.0.0.1:8080/check-in?bookingKey=' + 'k'.repeat(43),
      'Dr Ђорѓе — ünïcödé',
      'x'.repeat(300),
    ]) {
      const matrix = encodeQr(text);
      const size = matrix.length;
      expect(matrix.every((row) => row.length === size)).toBe(true);
      for (const [x, y] of [
        [0, 0],
        [size - 7, 0],
        [0, size - 7],
      ] as const) {
        expect(matrix[y + 3]?.slice(x, x + 7)).toEqual([
          true,
          false,
          true,
          true,
          true,
          false,
          true,
        ]);
        expect(matrix[y]?.slice(x, x + 7)).toEqual(new Array(7).fill(true));
      }
      expect(matrix[size - 8]?.[8]).toBe(true);
      expect(decode(matrix)).toBe(text);
    }
  });

  it('renders well-formed SVG with one dark square per dark module', () => {
    const matrix = encodeQr('https://portal.example/check-in?bookingKey=abc');
    const svg = qrSvg(matrix, 180);
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1" width="180"/,
    );
    expect(svg.endsWith('</svg>')).toBe(true);
    const squares = svg.match(/M\d+ \d+h1v1h-1z/g) ?? [];
    expect(squares.length).toBe(matrix.flat().filter(Boolean).length);
    expect(svgMatrix(svg)).toEqual(matrix);
  });
});
