/**
 * Search engines see the provider's title, description, social description,
 * keywords and verification tag in the host page's HTML itself, escaped
 * (spec 3 "App configuration"; R-3-01, R-3-02; issue 14).
 */
import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { readSetting, writeSetting } from '../db/settings.repo.js';
import { HEAD_PLACEHOLDER } from '../http/page-head.js';
import { SETUP_TIMEOUT, closeTestApp, hostPageDist, openTestDb, testApp } from './helpers.js';

let db: Db;
let app: FastifyInstance;
let dist: string;
let seededApp: Record<string, unknown>;

beforeAll(async () => {
  db = await openTestDb('page-head');
  seededApp = (await readSetting(db, 'app')) as Record<string, unknown>;
  dist = await hostPageDist('portal-head-');
  app = await testApp(db, { distDir: dist });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await closeTestApp(app, db);
  await rm(dist, { recursive: true, force: true });
});

async function hostPage(url = '/select-region'): Promise<string> {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  return res.body;
}

const setApp = (values: Record<string, unknown>) =>
  writeSetting(db, 'app', { ...seededApp, ...values });

describe('the host page for search engines', () => {
  it('R-3-01 R-3-02 carries the title, description, social description, keywords and verification tag', async () => {
    await setApp({ searchEngineVerificationEnabled: true, searchEngineVerificationId: 'gsv-123' });
    const html = await hostPage('/');
    expect(html).toContain(
      '<title>Harbour Imaging | Book an X-ray, CT, MRI or ultrasound online</title>',
    );
    expect(html).toContain(
      '<meta name="description" content="Book medical imaging at Harbour Imaging clinics in Sydney, Perth and Auckland." data-imaging-head />',
    );
    expect(html).toContain(
      '<meta property="og:description" content="Book your scan online at a Harbour Imaging clinic near you." data-imaging-head />',
    );
    expect(html).toContain('<meta name="keywords" content="radiology, medical imaging, MRI');
    expect(html).toContain('<meta property="og:title" content="Harbour Imaging | Book');
    expect(html).toContain('<meta name="google-site-verification" content="gsv-123"');
    expect(html).not.toContain(HEAD_PLACEHOLDER);
    expect(html).toMatch(/<script type="module"/);
  });

  it('R-3-02 has no verification tag when verification is disabled', async () => {
    await setApp({ searchEngineVerificationEnabled: false, searchEngineVerificationId: 'gsv-123' });
    const html = await hostPage();
    expect(html).not.toContain('google-site-verification');
    expect(html).not.toContain('gsv-123');
    expect(html).toContain('<meta name="description"');
  });

  it("escapes the provider's texts, so they cannot add markup to the page", async () => {
    await setApp({
      metaTitle: 'Scans </title><script>alert(1)</script> & more',
      metaDescription: '"><script>alert(2)</script>',
      metaFbDescription: "it's $& $' $1",
      metaKeywords: '',
    });
    const html = await hostPage();
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(
      '<title>Scans &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</title>',
    );
    expect(html).toContain('content="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"');
    expect(html).toContain('content="it&#39;s $&amp; $&#39; $1"');
    expect(html).not.toContain('name="keywords"');
  });

  it("uses the provider's name when there is no metaTitle", async () => {
    await setApp({ metaTitle: '' });
    expect(await hostPage()).toMatch(/<title>Harbour Imaging<\/title>/);
  });
});
