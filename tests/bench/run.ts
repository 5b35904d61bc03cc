/**
 * npm run bench: prints the gzipped size of each widget entry (with the
 * chunks it loads), the shared chunks and the IIFE bundle, checks the frame
 * budget, and measures the server's cold and warm start and API latency.
 * Needs a build (npm run build). Figures, not timed tests.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const FRAME_BUDGET_KB = 100;
const BOOKING_BUDGET_KB = 120;
const elements = 'dist/elements';
let failed = false;

/** First-load budgets of issue 3 (frame) and issue 4 (booking; Leaflet loads only with the map). */
const BUDGETS: Record<string, { kB: number; what: string }> = {
  'frame.js': { kB: FRAME_BUDGET_KB, what: 'frame with core and React' },
  'booking.js': { kB: BOOKING_BUDGET_KB, what: '<imaging-booking> first load with React' },
};

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

/** The entry and every chunk it imports statically, transitively. */
function staticGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = readFileSync(entry, 'utf8');
  for (const match of code.matchAll(
    /(?:^|[;}\n])\s*import\s*(?:[^'"]*?from\s*)?["']([^"']+)["']/g,
  )) {
    const target = join(entry, '..', match[1]!);
    if (existsSync(target)) staticGraph(target, seen);
  }
  return seen;
}

function bundleSizes(): void {
  if (!existsSync(elements)) throw new Error('no dist/: run npm run build first');
  console.log('\nBundle sizes (gzip -9, kB)');
  const entries = readdirSync(elements).filter((f) => f.endsWith('.js') && !f.includes('iife'));
  for (const entry of entries) {
    const graph = staticGraph(join(elements, entry));
    const own = gz(join(elements, entry));
    const total = [...graph].reduce((sum, file) => sum + gz(file), 0);
    console.log(
      `  entry ${entry.padEnd(24)} own ${own.toFixed(1).padStart(7)}   with static imports ${total.toFixed(1).padStart(7)}`,
    );
    const budget = BUDGETS[entry];
    if (budget) {
      const ok = total <= budget.kB;
      failed ||= !ok;
      console.log(
        `  budget: ${budget.what} ${total.toFixed(1)} kB ≤ ${budget.kB} kB: ${ok ? 'PASS' : 'FAIL'}`,
      );
    }
  }
  for (const chunk of readdirSync(join(elements, 'chunks')).filter((f) => f.endsWith('.js'))) {
    console.log(
      `  chunk ${chunk.padEnd(40)} ${gz(join(elements, 'chunks', chunk))
        .toFixed(1)
        .padStart(7)}`,
    );
  }
  const iife = join(elements, 'imaging-elements.iife.js');
  if (existsSync(iife))
    console.log(`  IIFE imaging-elements.iife.js (all elements) ${gz(iife).toFixed(1)}`);
}

interface Started {
  stop: () => Promise<void>;
  ms: number;
  log: string;
}

async function startServer(dataDir: string, port: number): Promise<Started> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`server exited: ${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = performance.now() - started;
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { stop, ms, log };
}

async function latency(port: number, path: string, n: number): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) =>
    times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(`  GET ${path.padEnd(36)} n=${n} p50 ${p(0.5)} ms  p95 ${p(0.95)} ms`);
}

/** Issue 4: a month view of slots across every clinic, 20 concurrent clients for 10 s. */
async function clinicAppointmentsUnderLoad(port: number): Promise<void> {
  const base = `http://127.0.0.1:${port}/api/booking`;
  const examSlug = 'xray-chest';
  const clinics = (await (await fetch(`${base}/clinics?examSlug=${examSlug}`)).json()) as {
    id: number;
  }[];
  const start = new Date().toISOString().slice(0, 10);
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const body = JSON.stringify({ clinicIds: clinics.map((c) => c.id), examSlug, start, end });
  const once = async () => {
    const t = performance.now();
    const res = await fetch(`${base}/clinic_appointments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const buffer = Buffer.from(await res.arrayBuffer());
    return { ms: performance.now() - t, ok: res.ok, bytes: buffer.byteLength, buffer };
  };
  const first = await once();
  // fetch decompresses; the wire size is what the server's gzip (or brotli) sends a phone.
  const wireKb = gzipSync(first.buffer).length / 1024;
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + 10_000;
  const client = async () => {
    while (performance.now() < until) {
      const r = await once();
      if (r.ok) times.push(r.ms);
      else errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: 20 }, client));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const p = (q: number) =>
    (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN).toFixed(0);
  console.log(
    `  POST /api/booking/clinic_appointments (${clinics.length} clinics, 31 days, ${(first.bytes / 1024).toFixed(0)} kB, ~${wireKb.toFixed(0)} kB gzipped on the wire): ` +
      `20 clients ${(times.length / seconds).toFixed(1)} req/s, p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, p99 ${p(0.99)} ms, errors ${errors}`,
  );
}

async function serverTimings(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'imaging-bench-'));
  const port = 8190;
  try {
    console.log('\nServer start on PGlite (process start to first /api/health answer)');
    const cold = await startServer(dataDir, port);
    console.log(`  cold (empty data dir: create, migrate, seed) ${cold.ms.toFixed(0)} ms`);
    const breakdown = cold.log.split('\n').find((l) => /open|migrat|seed/i.test(l) && /ms/.test(l));
    if (breakdown) console.log(`  server's own breakdown: ${breakdown.trim()}`);
    await cold.stop();
    const warm = await startServer(dataDir, port);
    console.log(`  warm (reopen existing data dir)            ${warm.ms.toFixed(0)} ms`);
    console.log('\nAPI latency (sequential, loopback)');
    await latency(port, '/api/config/portal', 200);
    await latency(port, '/api/assets/translations?lang=en-AU', 200);
    await latency(port, '/api/config/contact', 200);
    await clinicAppointmentsUnderLoad(port);
    await warm.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

bundleSizes();
await serverTimings();
if (failed) {
  console.error('\nA budget was exceeded.');
  process.exit(1);
}
