/**
 * The portal's own pages allow exactly the integrations the provider
 * configured (docs/integrations.md): without any, the fixed policy; with
 * analytics or error reporting, their origins, read when the page is served.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { readSetting, writeSetting } from '../db/settings.repo.js';
import { contentSecurityPolicy } from '../http/security-headers.js';
import { closeTestApp, openTestApp, SETUP_TIMEOUT } from './helpers.js';

let db: Db;
let app: FastifyInstance;
let saved: { app: unknown; integration: unknown };
const distDir = mkdtempSync(join(tmpdir(), 'imaging-csp-'));
writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Portal</title>');
writeFileSync(join(distDir, 'app.js'), 'export {};');

beforeAll(async () => {
  ({ db, app } = await openTestApp('integration_csp', { distDir, spaIndex: 'index.html' }));
  saved = { app: await readSetting(db, 'app'), integration: await readSetting(db, 'integration') };
}, SETUP_TIMEOUT);

afterEach(async () => {
  await writeSetting(db, 'app', saved.app);
  await writeSetting(db, 'integration', saved.integration);
});

afterAll(async () => {
  await closeTestApp(app, db);
  rmSync(distDir, { recursive: true, force: true });
});

const page = () =>
  app.inject({ method: 'GET', url: '/select-region', headers: { accept: 'text/html' } });

async function configure(appPatch: object, integrationPatch: object = {}) {
  await writeSetting(db, 'app', { ...(saved.app as object), ...appPatch });
  await writeSetting(db, 'integration', { ...(saved.integration as object), ...integrationPatch });
}

describe("the Content-Security-Policy of the portal's pages follows the integrations", () => {
  it('without integrations a page keeps the fixed policy', async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(
      contentSecurityPolicy(['https://clinic.example.org']),
    );
  });

  it('R-7-calls-58: analytics on adds the configured script origin to scripts and connections', async () => {
    await configure({
      analyticsEnabled: true,
      analyticsMeasurementId: 'G-TEST123',
      tagManagerScriptBaseUrl: 'http://127.0.0.1:19611',
    });
    const policy = String((await page()).headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' http://127.0.0.1:19611;");
    expect(policy).toContain("connect-src 'self' http://127.0.0.1:19611;");
    expect(policy).toContain("frame-ancestors 'self' https://clinic.example.org");
  });

  it("the vendor's own script brings the vendor's collection origins", async () => {
    await configure({ analyticsEnabled: true, tagManagerId: 'GTM-ABC123' });
    const policy = String((await page()).headers['content-security-policy']);
    expect(policy).toContain('https://www.googletagmanager.com');
    expect(policy).toContain('https://*.google-analytics.com');
  });

  it('R-7-calls-57: a sentryDSN adds its origin to connections only', async () => {
    await configure({}, { sentryDSN: 'https://public@o1.ingest.example.io/42' });
    const policy = String((await page()).headers['content-security-policy']);
    expect(policy).toContain("connect-src 'self' https://o1.ingest.example.io;");
    expect(policy).toContain("script-src 'self';");
  });

  it('ids without analyticsEnabled add nothing; scripts and API answers keep the fixed policy', async () => {
    await configure({ analyticsEnabled: false, tagManagerId: 'GTM-ABC123' });
    expect((await page()).headers['content-security-policy']).toBe(
      contentSecurityPolicy(['https://clinic.example.org']),
    );
    await configure({ analyticsEnabled: true, tagManagerId: 'GTM-ABC123' });
    const script = await app.inject({ method: 'GET', url: '/app.js' });
    expect(script.headers['content-security-policy']).toBe(
      contentSecurityPolicy(['https://clinic.example.org']),
    );
  });
});
