/**
 * The host page paints before any script: the server writes a shell of the
 * frame (banner text, provider name, header image with its size) into it
 * (issue 15 part 3), and nothing the provider configures can add markup.
 */
import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { readSetting, writeSetting } from '../db/settings.repo.js';
import { imageSize } from '../http/image-size.js';
import { INLINE_IMAGE_MAX_BYTES, SHELL_PLACEHOLDER } from '../http/page-shell.js';
import { readAsset, writeAsset } from '../db/assets.repo.js';
import { SETUP_TIMEOUT, closeTestApp, hostPageDist, openTestDb, testApp } from './helpers.js';

let db: Db;
let app: FastifyInstance;
let dist: string;
let seededRadiology: Record<string, unknown>;

beforeAll(async () => {
  db = await openTestDb('page-shell');
  seededRadiology = (await readSetting(db, 'radiology')) as Record<string, unknown>;
  dist = await hostPageDist('portal-shell-');
  app = await testApp(db, { distDir: dist });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await closeTestApp(app, db);
  await rm(dist, { recursive: true, force: true });
});

async function inline(name: string): Promise<string> {
  const asset = await readAsset(db, name);
  return `data:${asset!.contentType};base64,${asset!.bytes.toString('base64')}`;
}

async function hostPage(url: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('the page shell (issue 15 part 3)', () => {
  it('shows the banner, the provider name and the header image, sized and loaded first', async () => {
    const page = await hostPage('/');
    expect(page).not.toContain(SHELL_PLACEHOLDER);
    const shell = /<div class="portal-shell" aria-hidden="true".*?<\/picture>/s.exec(page)?.[0];
    // The frame's look: the environment label, the banner's bold words and link, room for its ×.
    expect(shell).toContain('<div class="portal-shell__environment">Environment: dev</div>');
    expect(shell).toContain(
      'class="portal-shell__banner" data-closable><strong>Holiday hours:</strong>',
    );
    expect(shell).toContain('<span class="portal-shell__link">See contact details</span>');
    expect(shell).toContain(`<span>${String(seededRadiology.name)}</span>`);
    // The seeded header is a small SVG: it rides in the page, so the first paint needs no request.
    expect(shell).toContain(
      `<img src="${await inline('header')}" alt="" fetchpriority="high" width="1200" height="160" />`,
    );
  });

  it('links a header image too large to ride in the page, still with its size', async () => {
    const seeded = await readAsset(db, 'header');
    const big = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="200"><!--${'x'.repeat(INLINE_IMAGE_MAX_BYTES)}--></svg>`;
    await writeAsset(db, { name: 'header', contentType: 'image/svg+xml', bytes: Buffer.from(big) });
    try {
      expect(await hostPage('/')).toContain(
        '<img src="/api/assets/application/header" alt="" fetchpriority="high" width="1600" height="200" />',
      );
    } finally {
      await writeAsset(db, { name: 'header', ...seeded! });
    }
  });

  it('R-2.3-32: a confirmation page shows the confirmation header; a flow step the compact one', async () => {
    expect(await hostPage('/appointments/abc')).toContain(
      `<img src="${await inline('confirmation_header')}"`,
    );
    expect(await hostPage('/select-clinic?examSlug=x')).toContain('data-size="compact"');
  });

  it('has no shell in the iframe shell, which has no frame', async () => {
    expect(await hostPage('/iframe/select-region')).not.toContain('class="portal-shell');
  });

  it("keeps the provider's banner and name as text: no markup gets in", async () => {
    await writeSetting(db, 'radiology', {
      ...seededRadiology,
      name: 'Hills <script>alert(1)</script> & Co',
      bannerMessage:
        '<b>Closed</b> <img src=x onerror=alert(1)> <a href="javascript:x">today</a> <',
    });
    try {
      const page = await hostPage('/');
      expect(page).toContain('<span>Hills &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co</span>');
      expect(page).toContain(
        'data-closable><strong>Closed</strong>  <span class="portal-shell__link">today</span></div>',
      );
      expect(page).not.toContain('onerror');
      expect(page).not.toContain('javascript:');
    } finally {
      await writeSetting(db, 'radiology', seededRadiology);
    }
  });
});

describe('image sizes for the shell', () => {
  it('reads an SVG by its width and height, else its viewBox, and a PNG by its header', () => {
    const svg = (attrs: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>`);
    expect(imageSize('image/svg+xml', svg('width="1200" height="160"'))).toEqual({
      width: 1200,
      height: 160,
    });
    expect(imageSize('image/svg+xml', svg('viewBox="0 0 800 140"'))).toEqual({
      width: 800,
      height: 140,
    });
    expect(imageSize('image/svg+xml', svg('width="100%"'))).toBeUndefined();
    const png = Buffer.alloc(24);
    Buffer.from('89504e470d0a1a0a', 'hex').copy(png);
    png.writeUInt32BE(640, 16);
    png.writeUInt32BE(96, 20);
    expect(imageSize('image/png', png)).toEqual({ width: 640, height: 96 });
    expect(imageSize('image/jpeg', Buffer.from('not an image'))).toBeUndefined();
  });
});
