/**
 * The provider's application images, generated in code so the seed needs no
 * binary files: SVG banners and favicon, and a PNG background.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { ApplicationAsset } from '../../src/contract/portal.js';

export interface SeedAsset {
  name: ApplicationAsset;
  contentType: string;
  bytes: Buffer;
}

const NAVY = '#0b3d5c';
const TEAL = '#0b6e99';
const SAND = '#f29f05';

/**
 * A decorative header banner: shapes only. Words belong in the page's HTML
 * (the header's provider name, each step's heading), where they scale,
 * translate and reach screen readers; text drawn into a 1200 px wide image
 * shrank to 9 px on a phone (issue 13).
 */
function banner(width: number, height: number): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" aria-hidden="true">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${NAVY}"/><stop offset="1" stop-color="${TEAL}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<path d="M0 ${height * 0.78} Q ${width * 0.25} ${height * 0.62} ${width * 0.5} ${height * 0.78} T ${width} ${height * 0.78} V ${height} H 0 Z" fill="#ffffff" fill-opacity="0.12"/>
<circle cx="${height * 0.5}" cy="${height * 0.5}" r="${height * 0.3}" fill="none" stroke="${SAND}" stroke-width="${Math.max(2, height * 0.05)}"/>
<circle cx="${width - height * 0.9}" cy="${height * 0.35}" r="${height * 0.55}" fill="#ffffff" fill-opacity="0.06"/>
</svg>\n`;
  return Buffer.from(svg, 'utf8');
}

function favicon(): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">
<rect width="32" height="32" rx="6" fill="${NAVY}"/>
<circle cx="16" cy="16" r="9" fill="none" stroke="${SAND}" stroke-width="3"/>
<path d="M12 11v10M20 11v10M12 16h8" stroke="#ffffff" stroke-width="2.5" stroke-linecap="round"/>
</svg>\n`;
  return Buffer.from(svg, 'utf8');
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const FROM = [11, 61, 92]; // NAVY
const TO = [11, 110, 153]; // TEAL

/** A small valid RGB PNG with a soft diagonal gradient (navy to teal). */
export function gradientPng(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++) {
        raw[row + 1 + x * 3 + c] = Math.round(FROM[c]! + t * (TO[c]! - FROM[c]!));
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function seedAssets(): SeedAsset[] {
  const svg = 'image/svg+xml';
  return [
    { name: 'header', contentType: svg, bytes: banner(1200, 160) },
    {
      name: 'header_tablet',
      contentType: svg,
      bytes: banner(800, 140),
    },
    {
      name: 'confirmation_header',
      contentType: svg,
      bytes: banner(1200, 160),
    },
    {
      name: 'check_in_header',
      contentType: svg,
      bytes: banner(1200, 160),
    },
    {
      name: 'image_viewer_banner',
      contentType: svg,
      bytes: banner(1200, 120),
    },
    { name: 'favicon', contentType: svg, bytes: favicon() },
    { name: 'patient_portal_background', contentType: 'image/png', bytes: gradientPng(96, 64) },
  ];
}
