// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { IntegrationConfig } from '../../src/contract/portal.js';
import type { Db } from '../db/db.js';
import { readSetting, writeSetting } from '../db/settings.repo.js';
import { chatSources } from '../http/chat-csp.js';
import { closeTestApp, openTestDb, SETUP_TIMEOUT, testApp } from './helpers.js';

const GENESYS = 'https://apps.mypurecloud.com.au/genesys-bootstrap/genesys.min.js';
const integration = (change: Partial<IntegrationConfig>): IntegrationConfig => ({
  sentryDSN: '',
  mapsKey: '',
  mapsTileUrl: '',
  chatDeploymentId: '',
  chatEnvironment: 'prod-apse2',
  chatScriptUrl: GENESYS,
  ...change,
});

describe('the chat vendor in the pages’ Content-Security-Policy (R-1-30, R-7-calls-55)', () => {
  it('without a deployment id, nothing of the vendor is allowed', () => {
    expect(chatSources(integration({}))).toEqual({});
  });

  it("a Genesys-style apps.<region> script allows that region's hosts and WebSocket", () => {
    const sources = chatSources(integration({ chatDeploymentId: 'dep-1' }));
    expect(sources.script).toEqual([
      'https://apps.mypurecloud.com.au',
      'https://*.mypurecloud.com.au',
    ]);
    expect(sources.connect).toContain('wss://*.mypurecloud.com.au');
    expect(sources.frame).toEqual(sources.script);
  });

  it('any other script URL allows its own origin only; a URL that is not http(s) allows nothing', () => {
    const local = chatSources(
      integration({ chatDeploymentId: 'dep-1', chatScriptUrl: 'http://127.0.0.1:19621/m.js' }),
    );
    expect(local.script).toEqual(['http://127.0.0.1:19621']);
    expect(local.connect).toEqual(['http://127.0.0.1:19621']);
    expect(
      chatSources(integration({ chatDeploymentId: 'dep-1', chatScriptUrl: 'javascript:alert(1)' })),
    ).toEqual({});
  });
});

describe('portal pages with the chat configured', () => {
  let db: Db;
  let site: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    db = await openTestDb('chat_csp');
    dist = await mkdtemp(join(tmpdir(), 'portal-dist-'));
    await mkdir(join(dist, 'demo/portal'), { recursive: true });
    await writeFile(join(dist, 'demo/portal/index.html'), '<!doctype html><title>Portal</title>');
    site = await testApp(db, { distDir: dist });
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await closeTestApp(site, db);
    await rm(dist, { recursive: true, force: true });
  });

  const page = () =>
    site.inject({ method: 'GET', url: '/booking', headers: { accept: 'text/html' } });

  it("allow the vendor's script on HTML pages only, and drop it when the id is removed", async () => {
    const stored = ((await readSetting(db, 'integration')) ?? {}) as object;
    const before = String((await page()).headers['content-security-policy']);
    expect(before).toContain("script-src 'self';");

    await writeSetting(db, 'integration', { ...stored, chatDeploymentId: 'dep-1' });
    const csp = String((await page()).headers['content-security-policy']);
    expect(csp).toContain(
      "script-src 'self' https://apps.mypurecloud.com.au https://*.mypurecloud.com.au;",
    );
    expect(csp).toContain('wss://*.mypurecloud.com.au');
    expect(csp).toContain("frame-ancestors 'self' https://clinic.example.org");
    const api = await site.inject({ method: 'GET', url: '/api/config/portal' });
    expect(String(api.headers['content-security-policy'])).toContain("script-src 'self';");
    expect(api.json().integration.chatDeploymentId).toBe('dep-1');

    await writeSetting(db, 'integration', stored);
    expect(String((await page()).headers['content-security-policy'])).toBe(before);
  });
});
