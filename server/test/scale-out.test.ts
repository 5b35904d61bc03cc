// @vitest-environment node
/**
 * Issue 15 part 6 (ARCHITECTURE "Scale-out"): two real API processes on one
 * PostgreSQL behave as one. Runs when DATABASE_URL is set, like the other
 * PostgreSQL runs of the server suite; PGlite serves one process only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { clusterRefusal } from '../cluster-refusal.js';
import { DATABASE_URL, openTestDb } from './helpers.js';

const SCHEMA = 'test_scale_out';
/** The per-address budget of all API calls in both processes (RATE_LIMIT_MAX). */
const BUDGET = 30;

interface Server {
  origin: string;
  child: ChildProcess;
  log: () => string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** One API process as `npm run serve` starts it, on the test's schema of DATABASE_URL. */
async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const url = new URL(DATABASE_URL as string);
  url.searchParams.set('options', `-c search_path=${SCHEMA},public`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEV_LOGIN: '1',
      LOG_LEVEL: 'warn',
      REQUIRE_SAFETY_ANSWERS: '0',
      RATE_LIMIT_MAX: String(BUDGET),
      RATE_LIMIT_WINDOW_SECONDS: '3600',
      // Each client of the test is its own address (X-Forwarded-For).
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  for (const until = Date.now() + 90_000; ;) {
    if (child.exitCode !== null) throw new Error(`the server ended: ${log}`);
    if (Date.now() > until) throw new Error(`the server did not start: ${log}`);
    const ready = await fetch(`${origin}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin, child, log: () => log };
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  await new Promise((resolve) => {
    server.child.once('exit', resolve);
    server.child.kill('SIGTERM');
  });
}

/** A caller at `address`, with its own cookies (a browser). */
function client(address: string) {
  const cookies = new Map<string, string>();
  return async (origin: string, path: string, body?: unknown): Promise<Response> => {
    const res = await fetch(`${origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'x-forwarded-for': address,
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
}

describe('start:cluster refuses PGlite', () => {
  it('without DATABASE_URL it names PostgreSQL and npm start', () => {
    expect(clusterRefusal({})).toMatch(/DATABASE_URL.*PGlite.*one process.*npm start/s);
    expect(clusterRefusal({ DATABASE_URL: 'postgres://db/portal' })).toBeUndefined();
    expect(clusterRefusal({ DATABASE_URL: 'postgres://db/portal', CLUSTER_WORKERS: 'x' })).toMatch(
      /CLUSTER_WORKERS/,
    );
  });
});

describe.skipIf(!DATABASE_URL)('two API processes on one PostgreSQL', () => {
  let db: Db;
  let dataDir: string;
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    db = await openTestDb('scale_out');
    dataDir = await mkdtemp(join(tmpdir(), 'imaging-scale-out-'));
    [a, b] = await Promise.all([startServer(dataDir), startServer(dataDir)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)]);
    await db?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('a session made on one process works on the other, and ends on both', async () => {
    const browser = client('198.51.100.1');
    const login = await browser(a.origin, '/api/dev/login', { username: 'radiographer' });
    expect(login.status).toBe(200);
    const there = await browser(b.origin, '/api/authenticated');
    expect(await there.json()).toMatchObject({
      authenticated: true,
      user: { username: 'radiographer' },
    });
    expect((await browser(b.origin, '/api/logout', {})).status).toBe(204);
    const back = await browser(a.origin, '/api/authenticated');
    expect(await back.json()).toMatchObject({ authenticated: false });
  });

  it('one address has one budget across both processes', async () => {
    const caller = client('203.0.113.9');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await caller(a.origin, '/api/config/portal')).status);
    let remaining = '';
    for (let i = 0; i < 20; i++) {
      const res = await caller(b.origin, '/api/config/portal');
      statuses.push(res.status);
      if (i === 0) remaining = res.headers.get('ratelimit-remaining') ?? '';
    }
    // The second process counts on from the first one's 20.
    expect(remaining).toBe(String(BUDGET - 21));
    expect(statuses.filter((status) => status === 200)).toHaveLength(BUDGET);
    expect(statuses.slice(BUDGET).every((status) => status === 429)).toBe(true);
  });

  it('R-8-22 simultaneous bookings of one slot through both processes end in one appointment', async () => {
    const first = client('198.51.100.2');
    const clinics = (await (
      await first(a.origin, '/api/booking/clinics?examSlug=mri-knee')
    ).json()) as { id: number }[];
    const slot = (await (
      await first(
        a.origin,
        `/api/booking/find_next_available?examSlug=mri-knee&clinicIds=${clinics.map((c) => c.id).join(',')}`,
      )
    ).json()) as { clinicId: number; deviceId: number; startDateTime: string };
    expect(slot.startDateTime).toBeTruthy();
    const patients = Array.from({ length: 12 }, (_, i) => client(`198.51.100.${10 + i}`));
    const keys = await Promise.all(
      patients.map(async (patient, i) => {
        const res = await patient(i % 2 ? b.origin : a.origin, '/api/booking/booking_key', {});
        return ((await res.json()) as { bookingKey: string }).bookingKey;
      }),
    );
    const answers = await Promise.all(
      patients.map((patient, i) =>
        // Each key was issued by one process and is used on the other.
        patient(i % 2 ? a.origin : b.origin, '/api/booking/appointments', {
          bookingKey: keys[i],
          examSlug: 'mri-knee',
          clinicId: slot.clinicId,
          deviceId: slot.deviceId,
          startDateTime: slot.startDateTime,
          patient: {
            firstName: 'Scale',
            lastName: `Patient ${i}`,
            dateOfBirth: '1984-06-15',
            email: `scale.${i}@example.org`,
            contactNumber: '0412345678',
            sex: 'FEMALE',
            postalCode: '2000',
          },
        }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(11).fill(409)]);
    for (const res of answers.filter((r) => r.status === 409))
      expect(await res.json()).toMatchObject({ message: 'message.slot_conflict' });
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM appointments a JOIN appointments b
         ON a.id < b.id AND a.device_id = b.device_id AND a.during && b.during
       WHERE a.status <> 'CANCELED' AND b.status <> 'CANCELED'`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
