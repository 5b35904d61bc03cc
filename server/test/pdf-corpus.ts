/**
 * Hand-built PDFs for the active-content check: evasions an attack run used
 * or that follow from how readers parse (docs/security.md §9), and clean files
 * that must still pass. Every file is built here, byte by byte, so each case
 * shows exactly what it hides and where.
 */
import { deflateSync } from 'node:zlib';

type Part = string | Buffer;

const bin = (text: string): Buffer => Buffer.from(text, 'latin1');
const buf = (part: Part): Buffer => (typeof part === 'string' ? bin(part) : part);

export function flate(data: Part): Buffer {
  return deflateSync(buf(data));
}

export const TEXT = 'BT /F1 18 Tf 20 100 Td (Referral: MRI left knee) Tj ET';

/** `<< dict /Length n >> stream … endstream` with the data as given. */
export function streamObject(dict: string, data: Part, length = buf(data).length): Buffer {
  return Buffer.concat([
    bin(`<< ${dict} /Length ${length} >>\nstream\n`),
    buf(data),
    bin('\nendstream'),
  ]);
}

/**
 * A classic PDF: objects numbered from 1 in order, a correct cross-reference
 * table (unless `xrefOffsets` overrides entries), trailer with /Root 1 0 R.
 */
export function classicPdf(
  objects: Part[],
  options: { trailer?: string; xrefOffsets?: Record<number, number | 'text'>; pad?: number } = {},
): Buffer {
  // pad: a comment line after the header, to move the objects past the first 4 KiB.
  const padding = options.pad ? `%${'-'.repeat(options.pad)}\n` : '';
  const chunks: Buffer[] = [bin(`%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n${padding}`)];
  let size = (chunks[0] as Buffer).length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    const chunk = Buffer.concat([bin(`${index + 1} 0 obj\n`), buf(body), bin('\nendobj\n')]);
    offsets.push(size);
    chunks.push(chunk);
    size += chunk.length;
  });
  const whole = Buffer.concat(chunks);
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  offsets.forEach((offset, index) => {
    const override = options.xrefOffsets?.[index + 1];
    const at = override === undefined ? offset : override === 'text' ? -1 : override;
    xref += `${String(at).padStart(10, '0')} 00000 n \n`;
  });
  const tail =
    `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${options.trailer ?? ''}>>\n` +
    `startxref\n${whole.length}\n%%EOF\n`;
  return Buffer.concat([whole, bin(tail)]);
}

/** Finds where `needle` starts in a built file (for cross-reference tricks). */
export function offsetOf(pdf: Buffer, needle: string): number {
  return pdf.indexOf(needle, 0, 'latin1');
}

interface BaseOptions {
  catalog?: string;
  page?: string;
  content?: Part;
  more?: Part[];
  trailer?: string;
  /** Moves the objects past the first 4 KiB (where every file is searched for markers). */
  pad?: number;
}

/** Catalog 1, Pages 2, Page 3, content stream 4, font 5, then `more` from 6. */
export function basePdf(options: BaseOptions = {}): Buffer {
  return classicPdf(
    [
      `<< /Type /Catalog /Pages 2 0 R ${options.catalog ?? ''}>>`,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R ' +
        `/Resources << /Font << /F1 5 0 R >> >> ${options.page ?? ''}>>`,
      options.content ?? streamObject('', TEXT),
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      ...(options.more ?? []),
    ],
    {
      ...(options.trailer === undefined ? {} : { trailer: options.trailer }),
      ...(options.pad === undefined ? {} : { pad: options.pad }),
    },
  );
}

/** The bytes of an object stream holding `objects`: "num offset …" then the objects. */
export function objectStreamData(objects: [number, string][]): {
  data: Buffer;
  first: number;
  n: number;
} {
  let body = '';
  const index: string[] = [];
  for (const [num, text] of objects) {
    index.push(`${num} ${body.length}`);
    body += `${text}\n`;
  }
  const head = `${index.join(' ')}\n`;
  return { data: bin(head + body), first: head.length, n: objects.length };
}

interface Pdf15Options {
  /** Objects written directly: [number, body]. */
  direct: [number, Part][];
  /** Objects inside the object stream: [number, body]. */
  packed: [number, string][];
  objectStream: number;
  /** The object stream's dictionary without /Length (default: ObjStm, FlateDecode). */
  streamDict?: (first: number, n: number) => string;
  encode?: (data: Buffer) => Buffer;
  /** The object stream's bytes as given instead of built from `packed`. */
  raw?: { data: Buffer; first: number; n: number };
  /** More type-2 entries: [number, object stream, index]. */
  entries?: [number, number, number][];
}

/**
 * A PDF 1.5 file as current producers write it: most objects in a compressed
 * object stream, a cross-reference stream (uncompressed here) with type-2
 * entries pointing into it.
 */
export function pdf15(options: Pdf15Options): Buffer {
  const { data, first, n } = options.raw ?? objectStreamData(options.packed);
  const encode = options.encode ?? flate;
  const streamDict =
    options.streamDict ??
    ((f, count) => `/Type /ObjStm /N ${count} /First ${f} /Filter /FlateDecode`);
  const all: [number, Part][] = [
    ...options.direct,
    [options.objectStream, streamObject(streamDict(first, n), encode(data))],
  ];
  const chunks: Buffer[] = [bin('%PDF-1.5\n%\u00e2\u00e3\u00cf\u00d3\n')];
  let size = (chunks[0] as Buffer).length;
  const entries = new Map<number, [number, number, number]>();
  for (const [num, body] of all) {
    const chunk = Buffer.concat([bin(`${num} 0 obj\n`), buf(body), bin('\nendobj\n')]);
    entries.set(num, [1, size, 0]);
    chunks.push(chunk);
    size += chunk.length;
  }
  options.packed.forEach(([num], index) => entries.set(num, [2, options.objectStream, index]));
  for (const [num, stream, index] of options.entries ?? []) entries.set(num, [2, stream, index]);
  const xrefNum = Math.max(...entries.keys()) + 1;
  entries.set(xrefNum, [1, size, 0]);
  const rows = Buffer.alloc(7 * (xrefNum + 1));
  rows.writeUInt8(0, 0);
  rows.writeUInt32BE(0, 1);
  rows.writeUInt16BE(65535, 5);
  for (let num = 1; num <= xrefNum; num++) {
    const [type, field2, field3] = entries.get(num) ?? [0, 0, 0];
    rows.writeUInt8(type, num * 7);
    rows.writeUInt32BE(field2, num * 7 + 1);
    rows.writeUInt16BE(field3, num * 7 + 5);
  }
  const xref = Buffer.concat([
    bin(`${xrefNum} 0 obj\n`),
    streamObject(`/Type /XRef /Size ${xrefNum + 1} /W [1 4 2] /Root 1 0 R`, rows),
    bin('\nendobj\n'),
  ]);
  return Buffer.concat([...chunks, xref, bin(`startxref\n${size}\n%%EOF\n`)]);
}

const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const PAGE =
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R ' +
  '/Resources << /Font << /F1 5 0 R >> >> >>';
const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** Catalog, pages, page and font in object stream 6; the content stream 4 direct. */
export function packedPdf(
  catalog: string,
  more: [number, string][] = [],
  options: Partial<Pdf15Options> = {},
): Buffer {
  return pdf15({
    direct: [[4, streamObject('/Filter /FlateDecode', flate(TEXT))]],
    packed: [[1, catalog], [2, PAGES], [3, PAGE], [5, FONT], ...more],
    objectStream: 6,
    ...options,
  });
}

const OPEN_JS = '/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>';

export interface Case {
  name: string;
  bytes: () => Buffer;
  /** The refusal expected, or undefined for a file that must pass. */
  key?: 'message.attachment_unsafe_content' | 'message.attachment_invalid_type';
}

const UNSAFE = 'message.attachment_unsafe_content' as const;
const INVALID = 'message.attachment_invalid_type' as const;

/** PDFs with active content, each hiding it another way; all must be refused. */
export const EVASIONS: Case[] = [
  {
    name: 'an escaped name: /S /J#61vaScript /J#53',
    bytes: () =>
      basePdf({ catalog: '/OpenAction << /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>' }),
    key: UNSAFE,
  },
  {
    name: 'an escaped name: /S /L#61unch',
    bytes: () =>
      basePdf({ catalog: '/OpenAction << /S /L#61unch /F (C:\\\\Windows\\\\cmd.exe) >>' }),
    key: UNSAFE,
  },
  {
    name: 'every letter escaped: /#4A#61#76#61#53#63#72#69#70#74',
    bytes: () =>
      basePdf({ catalog: '/OpenAction << /S /#4A#61#76#61#53#63#72#69#70#74 /#4a#53 (x) >>' }),
    key: UNSAFE,
  },
  {
    name: 'an OpenAction with JavaScript inside a FlateDecode object stream',
    bytes: () => packedPdf(`<< /Type /Catalog /Pages 2 0 R ${OPEN_JS} >>`),
    key: UNSAFE,
  },
  {
    name: 'a JavaScript action object inside an object stream, the OpenAction pointing at it',
    bytes: () =>
      packedPdf('<< /Type /Catalog /Pages 2 0 R /OpenAction 7 0 R >>', [
        [7, '<< /S /JavaScript /JS (app.alert\\(1\\)) >>'],
      ]),
    key: UNSAFE,
  },
  {
    name: 'a document-level /Names /JavaScript tree inside an object stream',
    bytes: () =>
      packedPdf('<< /Type /Catalog /Pages 2 0 R /Names << /JavaScript 7 0 R >> >>', [
        [7, '<< /Names [(a) << /S /JavaScript /JS (app.alert\\(1\\)) >>] >>'],
      ]),
    key: UNSAFE,
  },
  {
    name: 'escaped names inside an object stream whose own names are escaped (/Obj#53tm, /#4E, /Fi#72st)',
    bytes: () =>
      packedPdf(
        '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /J#61vaScript /JS (x) >> >>',
        [],
        {
          streamDict: (first, n) =>
            `/Type /Obj#53tm /#4E ${n} /Fi#72st ${first} /Filter /Fl#61teDecode`,
        },
      ),
    key: UNSAFE,
  },
  {
    name: 'an object stream without /Type (readers go by /N and /First)',
    bytes: () =>
      packedPdf(`<< /Type /Catalog /Pages 2 0 R ${OPEN_JS} >>`, [], {
        streamDict: (first, n) => `/N ${n} /First ${first} /Filter /FlateDecode`,
      }),
    key: UNSAFE,
  },
  {
    name: 'an object stream compressed twice ([/FlateDecode /FlateDecode])',
    bytes: () =>
      packedPdf(`<< /Type /Catalog /Pages 2 0 R ${OPEN_JS} >>`, [], {
        streamDict: (first, n) =>
          `/Type /ObjStm /N ${n} /First ${first} /Filter [/FlateDecode /FlateDecode]`,
        encode: (data) => flate(flate(data)),
      }),
    key: UNSAFE,
  },
  {
    name: 'an object stream in ASCII85 over Flate ([/A85 /Fl], abbreviated names)',
    bytes: () =>
      packedPdf(`<< /Type /Catalog /Pages 2 0 R ${OPEN_JS} >>`, [], {
        streamDict: (first, n) => `/Type /ObjStm /N ${n} /First ${first} /Filter [/A85 /Fl]`,
        encode: (data) => bin(`${ascii85(flate(data))}~>`),
      }),
    key: UNSAFE,
  },
  {
    name: 'an object stream in ASCIIHex (uncompressed, hex-encoded)',
    bytes: () =>
      packedPdf(`<< /Type /Catalog /Pages 2 0 R ${OPEN_JS} >>`, [], {
        streamDict: (first, n) => `/Type /ObjStm /N ${n} /First ${first} /Filter /ASCIIHexDecode`,
        encode: (data) => bin(`${data.toString('hex')}>`),
      }),
    key: UNSAFE,
  },
  {
    name: 'an object stream with a filter not decoded here (LZWDecode)',
    bytes: () =>
      packedPdf('<< /Type /Catalog /Pages 2 0 R >>', [], {
        streamDict: (first, n) => `/Type /ObjStm /N ${n} /First ${first} /Filter /LZWDecode`,
        encode: (data) => data,
      }),
    key: UNSAFE,
  },
  {
    name: 'an object stream with a PNG predictor',
    bytes: () =>
      packedPdf('<< /Type /Catalog /Pages 2 0 R >>', [], {
        streamDict: (first, n) =>
          `/Type /ObjStm /N ${n} /First ${first} /Filter /FlateDecode ` +
          '/DecodeParms << /Predictor 12 /Columns 4 >>',
      }),
    key: UNSAFE,
  },
  {
    name: 'an object stream whose Flate data are corrupt',
    bytes: () =>
      packedPdf('<< /Type /Catalog /Pages 2 0 R >>', [], {
        encode: (data) => Buffer.concat([flate(data).subarray(0, 2), Buffer.alloc(40, 0xff)]),
      }),
    key: UNSAFE,
  },
  {
    name: 'nested object streams: an object stream inside an object stream',
    bytes: () => {
      const inner = objectStreamData([[7, '<< /S /JavaScript /JS (x) >>']]);
      const innerStream = streamObject(
        `/Type /ObjStm /N 1 /First ${inner.first} /Filter /FlateDecode`,
        flate(inner.data),
      ).toString('latin1');
      return packedPdf('<< /Type /Catalog /Pages 2 0 R /OpenAction 7 0 R >>', [[8, innerStream]]);
    },
    key: UNSAFE,
  },
  {
    name: 'an object stream that /Extends another holding the JavaScript',
    bytes: () => {
      const second = objectStreamData([[8, '<< /S /JavaScript /JS (x) >>']]);
      return packedPdf(`<< /Type /Catalog /Pages 2 0 R /OpenAction 8 0 R >>`, [], {
        direct: [
          [4, streamObject('/Filter /FlateDecode', flate(TEXT))],
          [
            7,
            streamObject(
              `/Type /ObjStm /N 1 /First ${second.first} /Extends 6 0 R /Filter /FlateDecode`,
              flate(second.data),
            ),
          ],
        ],
        entries: [[8, 7, 0]],
      });
    },
    key: UNSAFE,
  },
  {
    name: "in an object stream, an object offset pointing inside another object's comment",
    bytes: () => {
      // Object 8 is null followed by a comment; object 7 starts inside that comment.
      const body = `null % << /S /JavaScript /JS (app.alert\\(1\\)) >>\n${PAGES}\n${PAGE}\n${FONT}\n`;
      const catalog = '<< /Type /Catalog /Pages 2 0 R /OpenAction 7 0 R >>';
      const objects = `${catalog}\n${body}`;
      const at = (text: string) => objects.indexOf(text);
      const head = `1 0 8 ${at('null %')} 7 ${at('null %') + 7} 2 ${at(PAGES)} 3 ${at(PAGE)} 5 ${at(FONT)}\n`;
      return pdf15({
        direct: [[4, streamObject('/Filter /FlateDecode', flate(TEXT))]],
        packed: [
          [1, ''],
          [8, ''],
          [7, ''],
          [2, ''],
          [3, ''],
          [5, ''],
        ],
        objectStream: 6,
        raw: { data: bin(head + objects), first: head.length, n: 6 },
      });
    },
    key: UNSAFE,
  },
  {
    name: 'the script in a hex string: /JS <6170702e616c657274283129>',
    bytes: () =>
      basePdf({ catalog: '/OpenAction << /S /JavaScript /J#53 <6170702e616c657274283129> >>' }),
    key: UNSAFE,
  },
  {
    name: 'the action type as a hex string for lenient readers: /S <4A617661536372697074>',
    bytes: () => basePdf({ catalog: '/OpenAction << /S <4A617661536372697074> /J#53 <61> >>' }),
    key: UNSAFE,
  },
  {
    name: 'the action type as a UTF-16 string: /S <FEFF004A0061…0074>',
    bytes: () =>
      basePdf({
        catalog: '/OpenAction << /S <FEFF004A00610076006100530063007200690070 0074> /Next 1 0 R >>',
      }),
    key: UNSAFE,
  },
  {
    name: 'no whitespace between tokens: /OpenAction<</S/JavaScript/JS(x)>>',
    bytes: () => basePdf({ catalog: '/OpenAction<</S/JavaScript/JS(app.alert\\(1\\))>>' }),
    key: UNSAFE,
  },
  {
    name: 'comments between the tokens: /S%c\\n/JavaScript%c\\n/JS%c\\n(x)',
    bytes: () => basePdf({ catalog: '/OpenAction <</S%a\n/JavaScript%b\r/JS%c\r\n(x)>>' }),
    key: UNSAFE,
  },
  {
    name: 'a fake "stream" inside a string hides the action from a text search',
    bytes: () =>
      basePdf({
        catalog: `/Lang (x>>stream\n) ${OPEN_JS}`,
        content: streamObject('', TEXT),
        pad: 5000,
      }),
    key: UNSAFE,
  },
  {
    name: 'a stream with a wrong /Length that covers the next object',
    bytes: () =>
      basePdf({
        content: streamObject('', TEXT, 400),
        more: ['<< /S /JavaScript /JS (app.alert\\(1\\)) >>'],
        catalog: '/OpenAction 6 0 R',
      }),
    key: UNSAFE,
  },
  {
    name: 'an object hidden in stream data, the cross-reference entry pointing into it',
    bytes: () => {
      const hidden = '7 0 obj\n<< /S /JavaScript /JS (app.alert\\(1\\)) >>\nendobj\n';
      const pdf = basePdf({
        catalog: '/OpenAction 7 0 R',
        more: [streamObject('/Subtype /Image /Width 1 /Height 1', hidden), '<< >>'],
        pad: 5000,
      });
      return fixXref(pdf, 7, offsetOf(pdf, '7 0 obj\n<< /S'));
    },
    key: UNSAFE,
  },
  {
    name: 'an object inside a string of another object, the cross-reference entry pointing into it',
    bytes: () => {
      const pdf = basePdf({
        catalog: '/OpenAction 7 0 R',
        more: [
          '<< /Title (7 0 obj << /S /JavaScript /JS (app.alert\\(1\\)) >> endobj 0) >>',
          '<< >>',
        ],
        pad: 5000,
      });
      return fixXref(pdf, 7, offsetOf(pdf, '7 0 obj << /S'));
    },
    key: UNSAFE,
  },
  {
    name: 'an embedded file in a FileAttachment annotation (/EF without /EmbeddedFile)',
    bytes: () =>
      basePdf({
        page: '/Annots [6 0 R]',
        more: [
          '<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 10 10] ' +
            '/FS << /Type /Filespec /F (run.exe) /EF << /F 7 0 R >> >> >>',
          streamObject('', 'MZ'),
        ],
      }),
    key: UNSAFE,
  },
  {
    name: 'an XFA form inside an object stream',
    bytes: () => packedPdf('<< /Type /Catalog /Pages 2 0 R /AcroForm << /XFA 7 0 R >> >>'),
    key: UNSAFE,
  },
  {
    name: 'an encrypted PDF (/Encrypt in the trailer)',
    bytes: () =>
      basePdf({
        trailer:
          '/Encrypt << /Filter /Standard /V 1 /R 2 /O <' +
          '00'.repeat(32) +
          '> /U <' +
          '00'.repeat(32) +
          '> /P -4 >> /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>] ',
      }),
    key: UNSAFE,
  },
  {
    name: 'a compression bomb: a content stream inflating to 100 MiB',
    bytes: () => basePdf({ content: streamObject('/Filter /FlateDecode', bomb(100)) }),
    key: UNSAFE,
  },
  {
    name: 'a compression bomb in an object stream (40 MiB of spaces)',
    bytes: () =>
      packedPdf('<< /Type /Catalog /Pages 2 0 R >>', [[7, ' '.repeat(40 * 1024 * 1024)]], {}),
    key: UNSAFE,
  },
  {
    name: 'a PDF without any object (does not parse)',
    bytes: () => bin('%PDF-1.4\nthis is not a pdf body\ntrailer\n<< >>\n%%EOF\n'),
    key: INVALID,
  },
  {
    name: 'a stream that never ends (does not parse)',
    bytes: () => bin('%PDF-1.4\n1 0 obj\n<< /Length 10 >>\nstream\n0123456789\n%%EOF\n'),
    key: INVALID,
  },
];

/** Rewrites object `num`'s cross-reference entry to `offset`. */
function fixXref(pdf: Buffer, num: number, offset: number): Buffer {
  const text = pdf.toString('latin1');
  const xref = text.lastIndexOf('\nxref\n') + 1;
  const lines = text.slice(xref).split('\n');
  lines[2 + num] = `${String(offset).padStart(10, '0')} 00000 n `;
  return bin(text.slice(0, xref) + lines.join('\n'));
}

/** Zlib data inflating to `mib` MiB of zeros. */
const bombs = new Map<number, Buffer>();
export function bomb(mib: number): Buffer {
  const made = bombs.get(mib) ?? deflateSync(Buffer.alloc(mib * 1024 * 1024), { level: 9 });
  bombs.set(mib, made);
  return made;
}

function ascii85(data: Buffer): string {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = Buffer.alloc(4);
    data.copy(chunk, 0, i, Math.min(i + 4, data.length));
    let value = chunk.readUInt32BE(0);
    const count = Math.min(4, data.length - i);
    const digits: string[] = [];
    for (let k = 0; k < 5; k++) {
      digits.unshift(String.fromCharCode(33 + (value % 85)));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, count + 1).join('');
  }
  return out;
}

/** Clean PDFs that must pass. */
export const CLEAN: Case[] = [
  { name: 'a plain hand-made PDF', bytes: () => basePdf() },
  {
    name: 'a FlateDecode content stream',
    bytes: () => basePdf({ content: streamObject('/Filter /FlateDecode', flate(TEXT)) }),
  },
  {
    name: 'a PDF 1.5 with an object stream and a cross-reference stream',
    bytes: () =>
      packedPdf('<< /Type /Catalog /Pages 2 0 R /PageMode /UseNone >>', [
        [7, '<< /Title (Referral \\(MRI\\)) /Author (JS) /Producer <FEFF0041> >>'],
      ]),
  },
  {
    name: 'an ICC profile stream (/N 3, decoded like an object stream)',
    bytes: () =>
      basePdf({
        page: '/Group << /S /Transparency /CS [/ICCBased 6 0 R] >>',
        more: [
          streamObject(
            '/N 3 /Alternate /DeviceRGB /Filter /FlateDecode',
            flate(Buffer.alloc(560, 7)),
          ),
        ],
      }),
  },
  {
    name: 'image data whose raw bytes hold "/JS " (stream data is not names)',
    bytes: () =>
      basePdf({
        page: '/Resources << /XObject << /Im1 6 0 R >> >>',
        more: [
          streamObject(
            '/Type /XObject /Subtype /Image /Width 4 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8',
            bin('/JS /JavaScript '.slice(0, 8)),
          ),
        ],
      }),
  },
  {
    name: 'names that only start like active ones and the initials JS in text',
    bytes: () =>
      basePdf({
        catalog: '/JSONish true /Launched (no) /EFx 1 /Lang (JS)',
        trailer: '/Info << /Author (JS) /Title <4A53> >> ',
      }),
  },
  {
    name: 'a URI link and a GoTo OpenAction (not active content under this policy)',
    bytes: () =>
      basePdf({
        catalog: '/OpenAction [3 0 R /Fit]',
        page: '/Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://example.org/) >> >>]',
      }),
  },
  {
    name: 'a broken cross-reference table (readers rebuild it)',
    bytes: () => {
      const pdf = basePdf();
      return fixXref(pdf, 3, 5);
    },
  },
];
