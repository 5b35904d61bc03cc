// @vitest-environment node
// DICOMweb's rate budgets (issue 17, R-6-07): a viewer of the 96-slice CT sends a hundred
// requests and more, so a request with a valid viewer token counts against its token's
// budget, not its address's; one without a valid token counts against the address.
import { createHash } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IMAGING } from '../config-imaging.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/db.js';
import { latestImagingAudit } from '../db/imaging-audit.repo.js';
import type { StudyRow } from '../db/imaging.repo.js';
import { memoryWindowsOf } from '../http/rate-limit.js';
import { closeTestApp, openTestDb, SETUP_TIMEOUT, startEarlyInMinute, testApp } from './helpers.js';
import { CT, seededStudy, viewerToken } from './imaging-helpers.js';

let db: Db;
let ct: StudyRow;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  db = await openTestDb('dicomweb_budget');
  ct = await seededStudy(db, CT);
}, SETUP_TIMEOUT);
afterAll(async () => {
  for (const app of apps) await app.close();
  await closeTestApp(undefined, db);
});

async function appWith(overrides: Partial<ServerConfig>): Promise<FastifyInstance> {
  const app = await testApp(db, overrides);
  apps.push(app);
  return app;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const studies = '/api/dicomweb/studies';

/** `count` requests, `batch` at a time (inject runs them concurrently). */
async function many(app: FastifyInstance, count: number, request: InjectOptions, batch = 50) {
  const answers = [];
  for (let i = 0; i < count; i += batch)
    answers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(batch, count - i) }, () => app.inject(request)),
      )),
    );
  return answers;
}

/** What the limiter holds for `bucket` in the current one-minute window (PGlite: in the process). */
async function hitsOf(bucket: string): Promise<number> {
  const memory = memoryWindowsOf(db);
  if (memory) return memory.hitsOf(60, bucket);
  const { rows } = await db.query<{ hits: number }>(
    'SELECT coalesce(sum(hits), 0)::int AS hits FROM rate_limits WHERE bucket = $1',
    [bucket],
  );
  return rows[0]?.hits ?? 0;
}

/** The token's bucket as the limiter names it: a hash of the token, never the token. */
const tokenBucket = (token: string) =>
  `${createHash('sha256').update(token).digest('base64url').slice(0, 22)}|!dicomweb-token@60`;

describe('DICOMweb rate budgets', () => {
  it('700 requests with a valid viewer token from one address all succeed and leave the address budget untouched', async () => {
    const app = await appWith({});
    const token = await viewerToken(db, ct.studyInstanceUid);
    const remoteAddress = '198.51.100.70';
    await startEarlyInMinute(40);
    const answers = await many(app, 700, { url: studies, headers: bearer(token), remoteAddress });
    expect(answers.filter((a) => a.statusCode !== 200)).toEqual([]);
    expect(answers[0]?.headers['ratelimit-limit']).toBe('3000');
    expect(await hitsOf(`${remoteAddress}|api`)).toBe(0);
    // The next /api call of that address is the first its budget counts.
    const other = await app.inject({ url: '/api/config/contact', remoteAddress });
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-limit']).toBe('600');
    expect(other.headers['ratelimit-remaining']).toBe('599');
    // The token's own budget counted them, under a hash of the token, never the token itself.
    expect(await hitsOf(tokenBucket(token))).toBe(700);
    if (db.kind !== 'pglite') {
      const { rows } = await db.query<{ bucket: string }>(
        `SELECT bucket FROM rate_limits WHERE bucket LIKE '%|!dicomweb-token@60'`,
      );
      expect(rows.map((row) => row.bucket)).toContain(tokenBucket(token));
      expect(rows.some((row) => row.bucket.includes(token.slice(0, 20)))).toBe(false);
    }
  }, 120_000);

  it('requests with an invalid or expired token count against the address and get 429 at its limit, refusals audited', async () => {
    const app = await appWith({ rateLimit: { max: 5, windowSeconds: 60 } });
    const expired = await viewerToken(db, ct.studyInstanceUid, new Date(Date.now() - 3600_000));
    const valid = await viewerToken(db, ct.studyInstanceUid, new Date(Date.now() - 5000));
    const remoteAddress = '198.51.100.71';
    await startEarlyInMinute();
    const guesses = [
      'AAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      `${valid.split('.')[0]}.${'B'.repeat(43)}`,
      expired,
      'not-a-token',
      expired,
    ];
    for (const guess of guesses) {
      const res = await app.inject({ url: studies, headers: bearer(guess), remoteAddress });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: 'message.viewer_token_invalid' });
    }
    const [audited] = await latestImagingAudit(db, 1);
    expect(audited).toMatchObject({
      outcome: 'refused',
      status: 401,
      clientAddress: remoteAddress,
    });
    const refused = await app.inject({
      url: `${studies}?token=${expired}`,
      remoteAddress,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: 'message.too_many_requests' });
    const noToken = await app.inject({ url: studies, remoteAddress });
    expect(noToken.statusCode).toBe(429);
    expect(await hitsOf(`${remoteAddress}|api`)).toBe(7);
    // A valid token's requests are not the address's: its viewer goes on.
    const viewer = await app.inject({ url: studies, headers: bearer(valid), remoteAddress });
    expect(viewer.statusCode).toBe(200);
  }, 60_000);

  it('a token past its own budget gets 429 message.too_many_requests; another token goes on', async () => {
    const app = await appWith({
      imaging: { ...DEFAULT_IMAGING, viewerRateLimit: { max: 5, windowSeconds: 60 } },
    });
    // Tokens made in one second for one audience are the same token: these are not, nor
    // the first test's (made "now" there: 8 s ago, once, on a busy CI machine, it was).
    const first = await viewerToken(db, ct.studyInstanceUid, new Date(Date.now() - 300_000));
    const second = await viewerToken(db, ct.studyInstanceUid, new Date(Date.now() - 301_000));
    expect(second).not.toBe(first);
    const remoteAddress = '198.51.100.72';
    await startEarlyInMinute();
    const series = `${studies}/${ct.studyInstanceUid}/series`;
    const answers = await many(app, 5, { url: series, headers: bearer(first), remoteAddress });
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const refused = await app.inject({ url: series, headers: bearer(first), remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      message: 'message.too_many_requests',
      error: 'Too Many Requests',
    });
    expect(refused.headers['ratelimit-limit']).toBe('5');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await latestImagingAudit(db, 1))[0]).toMatchObject({ status: 429 });
    const other = await app.inject({ url: series, headers: bearer(second), remoteAddress });
    expect(other.statusCode).toBe(200);
    expect([await hitsOf(tokenBucket(first)), await hitsOf(tokenBucket(second))]).toEqual([6, 1]);
    expect(await hitsOf(`${remoteAddress}|api`)).toBe(0);
  }, 60_000);
});
