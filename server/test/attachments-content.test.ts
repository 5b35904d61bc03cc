import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.js';
import { checkFileName, inspectDocument } from '../services/document-content.js';
import { PDF_LIMITS } from '../services/pdf-active-content.js';
import { jpegBytes, pdfBytes, pngBytes } from './attachments-helpers.js';
import { CLEAN, EVASIONS, basePdf, bomb, packedPdf, streamObject } from './pdf-corpus.js';

const ALL = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic', 'image/webp'];
const options = { allowedTypes: ALL, maxPixels: 50_000_000 };

function webp(width: number, height: number): Buffer {
  const out = Buffer.alloc(30);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(22, 4);
  out.write('WEBPVP8X', 8, 'latin1');
  out.writeUInt32LE(10, 16);
  out.writeUIntLE(width - 1, 24, 3);
  out.writeUIntLE(height - 1, 27, 3);
  return out;
}

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function heic(width: number, height: number): Buffer {
  const size = Buffer.alloc(12);
  size.writeUInt32BE(width, 4);
  size.writeUInt32BE(height, 8);
  return Buffer.concat([
    box('ftyp', Buffer.from('heic\u0000\u0000\u0000\u0000mif1heic', 'latin1')),
    box('meta', Buffer.concat([Buffer.alloc(4), box('ispe', size)])),
  ]);
}

const refusal = (status: number, key: string) =>
  expect.objectContaining({ statusCode: status, messageKey: key });

describe('document content rules ', () => {
  it('finds the type from the bytes and keeps a matching name', async () => {
    await expect(inspectDocument(pdfBytes(), 'a.PDF', 'application/pdf', options)).resolves.toEqual(
      {
        contentType: 'application/pdf',
        fileName: 'a.PDF',
      },
    );
    await expect(
      inspectDocument(pngBytes(7, 5), 'scan.png', 'image/x-png', options),
    ).resolves.toEqual({
      contentType: 'image/png',
      fileName: 'scan.png',
      width: 7,
      height: 5,
    });
    await expect(
      inspectDocument(jpegBytes(24, 16), 'IMG_0001.JPG', 'image/jpg', options),
    ).resolves.toMatchObject({
      contentType: 'image/jpeg',
      width: 24,
      height: 16,
    });
  });

  it('accepts a JPEG with zero padding after EOI and a PDF with an incremental update', async () => {
    await expect(
      inspectDocument(
        Buffer.concat([jpegBytes(), Buffer.alloc(64)]),
        'a.jpg',
        'image/jpeg',
        options,
      ),
    ).resolves.toMatchObject({ contentType: 'image/jpeg' });
    const updated = Buffer.concat([
      pdfBytes(),
      Buffer.from('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n%%EOF\n'),
    ]);
    await expect(
      inspectDocument(updated, 'a.pdf', 'application/pdf', options),
    ).resolves.toMatchObject({
      contentType: 'application/pdf',
    });
  });

  it('does not take a PDF name that only starts like /JS for JavaScript', async () => {
    const pdf = Buffer.from(
      pdfBytes().toString('latin1').replace('/Type /Catalog', '/Type /Catalog /JSONish true'),
      'latin1',
    );
    await expect(inspectDocument(pdf, 'a.pdf', 'application/pdf', options)).resolves.toMatchObject({
      contentType: 'application/pdf',
    });
  });

  it('checks WebP and HEIC sizes from their headers', async () => {
    await expect(
      inspectDocument(webp(640, 480), 'a.webp', 'image/webp', options),
    ).resolves.toMatchObject({
      contentType: 'image/webp',
      width: 640,
      height: 480,
    });
    await expect(
      inspectDocument(webp(16_000, 16_000), 'a.webp', 'image/webp', options),
    ).rejects.toEqual(refusal(422, 'message.attachment_too_many_pixels'));
    await expect(
      inspectDocument(heic(4032, 3024), 'IMG_1.HEIC', 'image/heic', options),
    ).resolves.toMatchObject({
      contentType: 'image/heic',
      width: 4032,
      height: 3024,
    });
    await expect(
      inspectDocument(heic(60_000, 60_000), 'a.heic', 'image/heic', options),
    ).rejects.toEqual(refusal(422, 'message.attachment_too_many_pixels'));
    await expect(
      inspectDocument(Buffer.concat([heic(10, 10), Buffer.from('tail')]), 'a.heic', '', options),
    ).rejects.toEqual(refusal(415, 'message.attachment_unsafe_content'));
  });

  it('refuses a type the provider does not allow, even a checkable one', async () => {
    await expect(
      inspectDocument(pngBytes(), 'a.png', 'image/png', {
        ...options,
        allowedTypes: ['application/pdf'],
      }),
    ).rejects.toEqual(refusal(415, 'message.attachment_invalid_type'));
    await expect(
      inspectDocument(heic(10, 10), 'a.heic', 'image/heic', {
        ...options,
        allowedTypes: ['image/heif'],
      }),
    ).resolves.toMatchObject({ contentType: 'image/heic' });
  });

  it('refuses an image without pixels', async () => {
    await expect(
      inspectDocument(
        pngBytes(1, 1, { declared: { width: 0, height: 10 } }),
        'a.png',
        'image/png',
        options,
      ),
    ).rejects.toEqual(refusal(415, 'message.attachment_invalid_type'));
  });

  it.each([
    ['a\u0000b.pdf'],
    ['a\u0007.pdf'],
    ['../a.pdf'],
    ['..'],
    ['dir/a.pdf'],
    ['dir\\a.pdf'],
    ['x\u202egnp.pdf'],
    [`${'a'.repeat(201)}.pdf`],
  ])('refuses the name %j', (name) => {
    expect(() => checkFileName(name)).toThrowError(
      expect.objectContaining({ messageKey: 'message.attachment_invalid_name' }) as Error,
    );
  });

  it.each([
    ['referral.pdf'],
    ['Dr. Smith referral (2).pdf'],
    ['Überweisung.pdf'],
    ['..referral.pdf'],
  ])('keeps the name %j when it has no path parts', (name) => {
    if (name.startsWith('..')) expect(() => checkFileName(name)).toThrow();
    else expect(checkFileName(name)).toBe(name.normalize('NFC'));
  });

  it('never fails with anything but a 4xx refusal on mutated or random bytes (property)', async () => {
    const seeds = [pdfBytes(), pngBytes(3, 2), jpegBytes(16, 8), webp(10, 10), heic(10, 10)];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...seeds),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.nat(),
        fc.uint8Array({ maxLength: 64 }),
        async (seed, flips, cut, tail) => {
          const bytes = Buffer.from(seed);
          for (const [at, value] of flips) bytes[at % bytes.length] = value;
          const mutated = Buffer.concat([
            bytes.subarray(0, 1 + (cut % bytes.length)),
            Buffer.from(tail),
          ]);
          try {
            await inspectDocument(mutated, 'file', undefined, options);
          } catch (error) {
            expect(error).toBeInstanceOf(ApiError);
            expect((error as ApiError).statusCode).toBeGreaterThanOrEqual(400);
            expect((error as ApiError).statusCode).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

// docs/security.md §9: an attack run stored PDFs whose JavaScript was hidden by
// name escapes (/J#61vaScript, /L#61unch) or inside a compressed object
// stream. The corpus in pdf-corpus.ts holds those and the other ways a reader
// can be made to see what a text search does not; pdf.js runs the script of
// every JavaScript case that it supports (checked by hand against pdfjs-dist 4).
describe('PDF active content is refused however it is hidden', () => {
  it.each(EVASIONS.map((c) => [c.name, c] as const))('refuses %s', async (_name, c) => {
    await expect(
      inspectDocument(c.bytes(), 'referral.pdf', 'application/pdf', options),
    ).rejects.toEqual(refusal(415, c.key as string));
  });

  it.each(CLEAN.map((c) => [c.name, c] as const))('accepts %s', async (_name, c) => {
    await expect(
      inspectDocument(c.bytes(), 'referral.pdf', 'application/pdf', options),
    ).resolves.toEqual({ contentType: 'application/pdf', fileName: 'referral.pdf' });
  });

  it('refuses a compression bomb within bounded time, without inflating it all', async () => {
    // 100 MiB of zeros in a 100 KiB stream: inflating stops at MAX_INFLATED_BYTES.
    const pdf = basePdf({ content: streamObject('/Filter /FlateDecode', bomb(100)) });
    expect(pdf.length).toBeLessThan(200_000);
    const started = performance.now();
    await expect(inspectDocument(pdf, 'a.pdf', 'application/pdf', options)).rejects.toEqual(
      refusal(415, 'message.attachment_unsafe_content'),
    );
    expect(performance.now() - started).toBeLessThan(5000);
    expect(PDF_LIMITS.MAX_INFLATED_BYTES).toBeLessThan(100 * 1024 * 1024);
  });

  it('accepts FlateDecode streams up to the inflation budget', async () => {
    const pdf = basePdf({ content: streamObject('/Filter /FlateDecode', bomb(16)) });
    await expect(inspectDocument(pdf, 'a.pdf', 'application/pdf', options)).resolves.toMatchObject({
      contentType: 'application/pdf',
    });
  });

  it('never fails with anything but a 4xx refusal on mutated PDFs with object streams (property)', async () => {
    const seeds = [
      packedPdf('<< /Type /Catalog /Pages 2 0 R >>'),
      basePdf({ content: streamObject('/Filter /FlateDecode', bomb(1)) }),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...seeds),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        async (seed, flips) => {
          const bytes = Buffer.from(seed);
          for (const [at, value] of flips) bytes[at % bytes.length] = value;
          try {
            await inspectDocument(bytes, 'a.pdf', undefined, options);
          } catch (error) {
            expect(error).toBeInstanceOf(ApiError);
            expect((error as ApiError).statusCode).toBe(415);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
