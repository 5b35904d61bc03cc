/**
 * Layer 1 of the PDF content check (docs/security.md §9): PDF's own lexical
 * rules. Comments, literal strings with nested parentheses and escapes, hex
 * strings, names with #xx escapes decoded, dictionary and array brackets, and
 * keywords and numbers; every short string is checked as it is read.
 */
import { MIN_ACTIVE_STRING, STRING_KEEP, checkString } from './pdf-active-content.js';
import { hexValue } from './pdf-filters.js';

const WHITESPACE = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITESPACE[byte] = 1;
const DELIMITER = new Uint8Array(256);
for (const char of '()<>[]{}/%') DELIMITER[char.charCodeAt(0)] = 1;

export function isRegular(byte: number | undefined): boolean {
  return byte !== undefined && !WHITESPACE[byte] && !DELIMITER[byte];
}

/** A name's bytes with #xx escapes decoded ('#' without two hex digits stays). */
export function decodeName(bytes: Buffer, start: number, end: number): string {
  let out = '';
  for (let i = start; i < end; i++) {
    const byte = bytes[i] as number;
    if (byte === 0x23 && i + 2 < end) {
      const high = hexValue(bytes[i + 1] as number);
      const low = hexValue(bytes[i + 2] as number);
      if (high >= 0 && low >= 0) {
        out += String.fromCharCode(high * 16 + low);
        i += 2;
        continue;
      }
    }
    out += String.fromCharCode(byte);
  }
  return out;
}

const ESCAPES: Record<number, number> = { 0x6e: 10, 0x72: 13, 0x74: 9, 0x62: 8, 0x66: 12 };

export type Token =
  | { t: 'name'; v: string; at: number }
  | { t: 'num'; v: number; at: number }
  | { t: 'kw'; v: string; at: number; end: number }
  | { t: 'str'; at: number }
  | { t: '<<' | '>>' | '[' | ']'; at: number };

export class Lexer {
  pos: number;
  constructor(
    readonly bytes: Buffer,
    start: number,
  ) {
    this.pos = start;
  }

  next(): Token | undefined {
    const bytes = this.bytes;
    const length = bytes.length;
    for (;;) {
      while (this.pos < length && WHITESPACE[bytes[this.pos] as number]) this.pos += 1;
      if (this.pos >= length) return undefined;
      const at = this.pos;
      const byte = bytes[at] as number;
      if (byte === 0x25) {
        // % comment up to the end of the line
        let end = at + 1;
        while (end < length && bytes[end] !== 0x0a && bytes[end] !== 0x0d) end += 1;
        this.pos = end;
        continue;
      }
      if (byte === 0x2f) {
        let end = at + 1;
        while (end < length && isRegular(bytes[end])) end += 1;
        this.pos = end;
        return { t: 'name', v: decodeName(bytes, at + 1, end), at };
      }
      if (byte === 0x28) {
        this.literalString();
        return { t: 'str', at };
      }
      if (byte === 0x3c) {
        if (bytes[at + 1] === 0x3c) {
          this.pos = at + 2;
          return { t: '<<', at };
        }
        this.hexString();
        return { t: 'str', at };
      }
      if (byte === 0x3e) {
        if (bytes[at + 1] === 0x3e) {
          this.pos = at + 2;
          return { t: '>>', at };
        }
        this.pos = at + 1; // a stray '>'
        continue;
      }
      if (byte === 0x5b || byte === 0x5d) {
        this.pos = at + 1;
        return { t: byte === 0x5b ? '[' : ']', at };
      }
      if (DELIMITER[byte]) {
        this.pos = at + 1; // ')', '{', '}': nothing to read
        continue;
      }
      let end = at;
      while (end < length && isRegular(bytes[end])) end += 1;
      this.pos = end;
      const word = bytes.toString('latin1', at, end);
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return { t: 'num', v: Number(word), at };
      return { t: 'kw', v: word, at, end };
    }
  }

  /** From '(' to the balancing ')', with backslash escapes; checks short ones. */
  private literalString(): void {
    const bytes = this.bytes;
    let i = this.pos + 1;
    let depth = 1;
    const kept: number[] = [];
    let count = 0;
    while (i < bytes.length) {
      let byte = bytes[i] as number;
      if (byte === 0x5c) {
        const next = bytes[i + 1];
        i += 2;
        if (next === undefined) break;
        if (next >= 0x30 && next <= 0x37) {
          let value = next - 0x30;
          for (let k = 0; k < 2 && (bytes[i] ?? 0) >= 0x30 && (bytes[i] ?? 0) <= 0x37; k++, i++)
            value = value * 8 + ((bytes[i] as number) - 0x30);
          byte = value & 0xff;
        } else if (next === 0x0d) {
          if (bytes[i] === 0x0a) i += 1; // line continuation
          continue;
        } else if (next === 0x0a) continue;
        else byte = ESCAPES[next] ?? next;
      } else {
        i += 1;
        if (byte === 0x28) depth += 1;
        else if (byte === 0x29) {
          depth -= 1;
          if (depth === 0) break;
        }
      }
      if (count++ < STRING_KEEP) kept.push(byte);
    }
    this.pos = i;
    if (count <= STRING_KEEP && count >= MIN_ACTIVE_STRING) checkString(kept);
  }

  /** From '<' to '>'; anything but hex digits is skipped, as readers do. */
  private hexString(): void {
    const bytes = this.bytes;
    let i = this.pos + 1;
    const kept: number[] = [];
    let high = -1;
    let long = false;
    while (i < bytes.length && bytes[i] !== 0x3e) {
      const value = hexValue(bytes[i] as number);
      i += 1;
      if (value < 0) continue;
      if (high < 0) high = value;
      else {
        if (kept.length < STRING_KEEP) kept.push(high * 16 + value);
        else long = true;
        high = -1;
      }
    }
    if (high >= 0 && kept.length < STRING_KEEP) kept.push(high * 16);
    this.pos = Math.min(bytes.length, i + 1);
    if (!long && kept.length >= MIN_ACTIVE_STRING) checkString(kept);
  }
}
