/**
 * Byte builders for the document tests: small valid PDFs, PNGs and JPEGs made
 * in code (no binary fixtures), the bad-file corpus, and a raw multipart body
 * builder that controls every byte (names with NUL, declared types, order).
 */
import { crc32, deflateSync } from 'node:zlib';

/** A one-page PDF with a correct xref table; `extra` is put in a comment before the catalog. */
export function pdfBytes(text = 'Referral', extra = ''): Buffer {
  const content = `BT /F1 18 Tf 20 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = `%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n${extra ? `% ${extra}\n` : ''}`;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A truecolour PNG. `declared` overrides the IHDR size (the pixel flood: a tiny
 * file that claims a huge image); the pixel data is always width × height.
 */
export function pngBytes(
  width = 4,
  height = 3,
  options: { declared?: { width: number; height: number }; textChunk?: string } = {},
): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(options.declared?.width ?? width, 0);
  ihdr.writeUInt32BE(options.declared?.height ?? height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...(options.textChunk
      ? [pngChunk('tEXt', Buffer.from(`Comment\0${options.textChunk}`, 'latin1'))]
      : []),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function segment(marker: number, data: number[]): number[] {
  const length = data.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...data];
}

/**
 * A baseline greyscale JPEG of flat grey 8×8 blocks (every block: DC diff 0,
 * then end-of-block, each a one-bit Huffman code). `declared` overrides the
 * frame size in SOF0.
 */
export function jpegBytes(
  width = 16,
  height = 8,
  options: { declared?: { width: number; height: number } } = {},
): Buffer {
  const w = options.declared?.width ?? width;
  const h = options.declared?.height ?? height;
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = '00'.repeat(blocks);
  const scan: number[] = [];
  for (let i = 0; i < bits.length; i += 8)
    scan.push(parseInt(bits.slice(i, i + 8).padEnd(8, '1'), 2));
  const oneCode = [1, ...Array<number>(15).fill(0), 0];
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0, ...Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, h >> 8, h & 0xff, w >> 8, w & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, [0x00, ...oneCode]),
    ...segment(0xc4, [0x10, ...oneCode]),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...scan,
    0xff,
    0xd9,
  ]);
}

/** The end of a ZIP archive (an empty one): what a "JPEG + ZIP" polyglot ends with. */
export function zipTail(): Buffer {
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  return Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(26), eocd]);
}

export interface Part {
  name: string;
  value?: string;
  /** A file part: the file name goes in filename="…" as UTF-8, as browsers send it. */
  file?: { bytes: Buffer; fileName: string; contentType?: string; encodedName?: string };
}

export const BOUNDARY = '----imaging-test-boundary-7MA4YWxkTrZu0gW';

/** A multipart/form-data body, byte for byte. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.file) {
      // RFC 7578 / 5987: an encoded name is sent alone (busboy prefers a plain filename).
      head += part.file.encodedName
        ? `; filename*=UTF-8''${part.file.encodedName}`
        : `; filename="${part.file.fileName}"`;
      head += `\r\nContent-Type: ${part.file.contentType ?? 'application/octet-stream'}`;
    }
    // Browsers send the name as raw UTF-8 (and " as %22).
    chunks.push(Buffer.from(`${head}\r\n\r\n`, 'utf8'));
    chunks.push(part.file ? part.file.bytes : Buffer.from(part.value ?? '', 'utf8'));
    chunks.push(Buffer.from('\r\n', 'latin1'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`, 'latin1'));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** The usual upload body: documentTypeId (and other fields) first, then the file. */
export function uploadBody(
  file: { bytes: Buffer; fileName: string; contentType?: string; encodedName?: string },
  fields: Record<string, string | number> = {},
): { payload: Buffer; headers: Record<string, string> } {
  return multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
    { name: 'file', file },
  ]);
}
