/**
 * The report as a PDF to download (issue 17 part 6): A4 pages of Helvetica
 * text written by hand (PDF 1.4, one content stream per page, standard
 * fonts need no embedding). Text outside WinAnsi's printable ASCII shows as '?'.
 */
const PAGE = { width: 595, height: 842, margin: 56, lineHeight: 14, size: 10 };
const CHARS_PER_LINE = 92;

/** Wraps text at word boundaries to lines of at most `width` characters. */
export function wrap(text: string, width = CHARS_PER_LINE): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + word.length + 1 > width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
  }
  return lines;
}

const escape = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');

export interface PdfLine {
  text: string;
  bold?: boolean;
}

/** A PDF of the lines, as many pages as they need. */
export function textPdf(title: string, lines: PdfLine[]): Buffer {
  const perPage = Math.floor((PAGE.height - 2 * PAGE.margin) / PAGE.lineHeight);
  const pages: PdfLine[][] = [];
  for (let i = 0; i < Math.max(1, lines.length); i += perPage)
    pages.push(lines.slice(i, i + perPage));
  const objects: string[] = [];
  /** Adds an object; returns its number (objects count from 1). */
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // the page tree, written once the pages are known
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  add(`<< /Title (${escape(title)}) /Producer (Imaging portal) >>`);
  const kids: number[] = [];
  for (const page of pages) {
    const text = page
      .map((line, i) => {
        const y = PAGE.height - PAGE.margin - i * PAGE.lineHeight;
        return `BT /${line.bold ? 'F2' : 'F1'} ${PAGE.size} Tf ${PAGE.margin} ${y} Td (${escape(line.text)}) Tj ET`;
      })
      .join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
          `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = Buffer.byteLength(pdf);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
