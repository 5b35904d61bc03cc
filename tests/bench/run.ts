/**
 * npm run bench: prints the gzipped size of each widget entry (with the
 * chunks it loads), the shared chunks and the IIFE bundle, checks the frame
 * budget, and measures the server's cold and warm start (against issue 15's
 * goals), API latency, availability and booking creation under load
 * against issue 15's goals (tests/bench/api-load.ts, on PGlite and, with
 * BENCH_DATABASE_URL, on PostgreSQL), and one against two API processes on
 * PostgreSQL (BENCH_DATABASE_URL; tests/bench/server-scale.ts).
 * BENCH_ONLY=api: only the issue 15 load figures and issue 16's doctor search. Needs a build (npm run build). Figures, not timed tests.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { availabilityUnderLoad, bookingUnderLoad } from './api-load.js';
import { dicomwebUnderLoad } from './dicomweb.js';
import { doctorSearchUnderLoad } from './doctor-search.js';
import { VIEWER_PORT, viewerFirstLoad, viewerTimings } from './image-viewer';
import { startViewerServer } from './image-viewer-server';
import { lighthouseHome } from './lighthouse';
import { answerSafetyScreenings, Jar, preparedKey } from './patient-api.js';
import { scaleOut, startBundle, startTimes } from './server-scale.js';

const FRAME_BUDGET_KB = 100;
/** Issue 15 part 4: <imaging-booking> with React, and each further element on the same page. */
const BOOKING_BUDGET_KB = 100;
const FURTHER_ELEMENT_BUDGET_KB = 15;
/** Issue 14's goal for the iframe embed script. */
const EMBED_BUDGET_KB = 5;
const elements = 'dist/elements';
let failed = false;

/** First-load budgets of the frame and the booking element ( Leaflet loads only with the map). */
const BUDGETS: Record<string, { kB: number; what: string }> = {
  'frame.js': { kB: FRAME_BUDGET_KB, what: 'frame with core and React' },
  'booking.js': { kB: BOOKING_BUDGET_KB, what: '<imaging-booking> first load with React' },
  'embed.js': { kB: EMBED_BUDGET_KB, what: 'embed.js (iframe embed for clinic pages)' },
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

interface VisualizerStats {
  nodeParts: Record<string, { gzipLength: number }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
}

/**
 * Gzipped bytes of src/integrations/ modules inside the files of a first
 * load (from rollup-plugin-visualizer's dist/stats.json): what analytics,
 * error reporting and chat cost an element while they are off (only their
 * tiny start-up entries may be there; the adapters load on demand).
 */
function integrationBytes(files: Set<string>): number {
  const statsFile = 'dist/stats.json';
  if (!existsSync(statsFile)) return Number.NaN;
  const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as VisualizerStats;
  const loaded = new Set([...files].map((file) => file.replace(/^dist\//, '')));
  let bytes = 0;
  for (const meta of Object.values(stats.nodeMetas)) {
    if (!meta.id.includes('/src/integrations/')) continue;
    for (const [bundle, part] of Object.entries(meta.moduleParts))
      if (loaded.has(bundle)) bytes += stats.nodeParts[part]?.gzipLength ?? 0;
  }
  return bytes;
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
    if (!entry.startsWith('embed') && !entry.startsWith('custom'))
      console.log(
        `    of which integrations (off until configured; adapters load on demand): ${integrationBytes(graph)} B`,
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
  furtherElements(entries);
  failed ||= !viewerFirstLoad(staticGraph, gz);
  const iife = join(elements, 'imaging-elements.iife.js');
  if (existsSync(iife))
    console.log(`  IIFE imaging-elements.iife.js (all elements) ${gz(iife).toFixed(1)}`);
}

/**
 * What each further element adds to a page that already shows
 * <imaging-booking> (issue 15 part 4), and that DOMPurify and the Macedonian
 * texts are not in the booking element's first load (they load when needed).
 */
function furtherElements(entries: string[]): void {
  const booking = staticGraph(join(elements, 'booking.js'));
  console.log(`\nFurther elements on a page with <imaging-booking> (kB gzipped they add)`);
  for (const entry of entries) {
    if (['booking.js', 'embed.js', 'index.js'].includes(entry)) continue;
    const added = [...staticGraph(join(elements, entry))].filter((file) => !booking.has(file));
    const kB = added.reduce((sum, file) => sum + gz(file), 0);
    const ok = kB <= FURTHER_ELEMENT_BUDGET_KB;
    failed ||= !ok;
    console.log(
      `  ${entry.padEnd(24)} ${kB.toFixed(1).padStart(6)} ≤ ${FURTHER_ELEMENT_BUDGET_KB}: ${ok ? 'PASS' : 'FAIL'}`,
    );
  }
  const lazyOnly = [...booking].filter((file) => /\/(purify\.es|mk|[a-z-]+\.mk)-/.test(file));
  failed ||= lazyOnly.length > 0;
  console.log(
    `  DOMPurify and Macedonian texts outside the booking first load: ${lazyOnly.length ? `FAIL (${lazyOnly.join(', ')})` : 'PASS'}`,
  );
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

function percentiles(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const p = (q: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN).toFixed(1);
  return `n=${sorted.length} p50 ${p(0.5)} ms  p95 ${p(0.95)} ms`;
}

/**
 * Issues 6 and 7: a patient's way after the confirmation e-mail, timed step by
 * step on the real server: book, prove the date of birth (a code is queued),
 * validate the code from the development mailbox, read the appointment, and
 * upload, list and delete a 1 MB PDF referral.
 */
async function patientJourney(port: number): Promise<void> {
  const origin = `http://127.0.0.1:${port}`;
  const json = { 'content-type': 'application/json' };
  const clinics = (await (
    await fetch(`${origin}/api/booking/clinics?examSlug=mri-knee`)
  ).json()) as {
    id: number;
  }[];
  const login: number[] = [];
  const summary: number[] = [];
  const upload: number[] = [];
  const list: number[] = [];
  for (let round = 0; round < 5; round++) {
    const slot = (await (
      await fetch(
        `${origin}/api/booking/find_next_available?examSlug=mri-knee&clinicIds=${clinics.map((c) => c.id).join(',')}`,
      )
    ).json()) as { clinicId: number; deviceId: number; startDateTime: string };
    // The booking browser: its key is bound to this browser's cookie.
    const booker = new Jar();
    const issued = await fetch(`${origin}/api/booking/booking_key`, { method: 'POST' });
    booker.take(issued);
    const { bookingKey } = (await issued.json()) as { bookingKey: string };
    const email = `bench.${Date.now().toString(36)}.${round}@example.org`;
    await answerSafetyScreenings(origin, bookingKey, 'mri-knee', booker.header());
    const booked = await fetch(`${origin}/api/booking/appointments`, {
      method: 'POST',
      headers: { ...json, cookie: booker.header() },
      body: JSON.stringify({
        bookingKey,
        examSlug: 'mri-knee',
        clinicId: slot.clinicId,
        deviceId: slot.deviceId,
        startDateTime: slot.startDateTime,
        patient: {
          firstName: 'Bench',
          lastName: 'Patient',
          dateOfBirth: '1984-06-15',
          email,
          contactNumber: '0412345678',
          sex: 'FEMALE',
          postalCode: '2000',
        },
      }),
    });
    if (!booked.ok) throw new Error(`booking ${booked.status}: ${await booked.text()}`);
    // A fresh browser: the e-mail link, the date of birth, the code.
    const jar = new Jar();
    const started = performance.now();
    const dob = await fetch(`${origin}/api/authentication/patient`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        bookingKey,
        dateOfBirth: '1984-06-15',
        contactNumber: '',
        isBookingRequest: false,
      }),
    });
    jar.take(dob);
    if (!dob.ok) throw new Error(`authenticate ${dob.status}: ${await dob.text()}`);
    const dobMs = performance.now() - started;
    const { messages } = (await (await fetch(`${origin}/api/dev/mailbox`)).json()) as {
      messages: { recipient: string; body: string }[];
    };
    const code = messages
      .filter((m) => m.recipient.toLowerCase() === email)
      .map((m) => /verification code is (\d{6})/.exec(m.body)?.[1])
      .find(Boolean);
    if (!code) throw new Error('no code in the development mailbox (is it on?)');
    const t = performance.now();
    const validated = await fetch(`${origin}/api/authentication/otp/validate`, {
      method: 'POST',
      headers: { ...json, cookie: jar.header() },
      body: JSON.stringify({ bookingKey, code }),
    });
    jar.take(validated);
    if (!validated.ok) throw new Error(`validate ${validated.status}: ${await validated.text()}`);
    login.push(dobMs + performance.now() - t);
    let slug = '';
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const res = await fetch(`${origin}/api/secured/appointments/summary`, {
        method: 'POST',
        headers: { ...json, cookie: jar.header() },
        body: JSON.stringify({ bookingKey }),
      });
      const body = (await res.json()) as { appointments: { slug: string }[] };
      summary.push(performance.now() - t0);
      slug = body.appointments[0]?.slug ?? '';
    }
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'),
      Buffer.from(`% ${'x'.repeat(1024 * 1024)}\n`),
      Buffer.from('trailer << /Root 1 0 R >>\n%%EOF\n'),
    ]);
    for (let i = 0; i < 3; i++) {
      const form = new FormData();
      form.set('documentTypeId', '1');
      form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'referral.pdf');
      const t1 = performance.now();
      const res = await fetch(`${origin}/api/secured/appointments/${slug}/attachments`, {
        method: 'POST',
        headers: { cookie: jar.header() },
        body: form,
      });
      const created = (await res.json()) as { id?: number; attachmentId?: number };
      if (!res.ok) throw new Error(`upload ${res.status}: ${JSON.stringify(created)}`);
      upload.push(performance.now() - t1);
      const t2 = performance.now();
      await (
        await fetch(`${origin}/api/secured/appointments/${slug}/attachments/response`, {
          headers: { cookie: jar.header() },
        })
      ).arrayBuffer();
      list.push(performance.now() - t2);
      const id = created.attachmentId ?? created.id;
      await fetch(`${origin}/api/secured/appointments/${slug}/attachments/${id}`, {
        method: 'DELETE',
        headers: { cookie: jar.header() },
      });
    }
  }
  console.log(`  login: date of birth + code (two calls)         ${percentiles(login)}`);
  console.log(`  POST /api/secured/appointments/summary          ${percentiles(summary)}`);
  console.log(`  upload a 1 MB PDF referral (content checks)     ${percentiles(upload)}`);
  console.log(`  GET  attachments/response                       ${percentiles(list)}`);
}

/** Issue 15 part 2 books far more than the per-address booking budget allows. */
// DEV_LOGIN: the DICOMweb figures take an image link from the development route (issue 17).
const LOAD_ENV = { DATABASE_URL: '', BOOKING_RATE_LIMIT_MAX: '1000000', DEV_LOGIN: '1' };

/** Issue 15 parts 1 and 2, issue 16's doctor search and issue 17's DICOMweb on a running server. */
async function issue15(port: number, title: string, cpuNow: () => number): Promise<void> {
  const origin = `http://127.0.0.1:${port}`;
  const availabilityMet = await availabilityUnderLoad(origin, title);
  const bookingMet = await bookingUnderLoad(origin, title, (examSlug) =>
    preparedKey(origin, examSlug),
  );
  const searchMet = await doctorSearchUnderLoad(origin, title, cpuNow);
  const dicomwebMet = await dicomwebUnderLoad(origin, title);
  failed ||= !availabilityMet || !bookingMet || !searchMet || !dicomwebMet;
}

/**
 * The same on PostgreSQL when BENCH_DATABASE_URL is set: the server runs in
 * a schema of its own (bench_issue15, dropped and made anew), so the rest of
 * that database is left alone.
 */
async function postgresTimings(): Promise<void> {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) {
    console.log(
      '\n(PostgreSQL figures: set BENCH_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/db)',
    );
    return;
  }
  const schema = 'bench_issue15';
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  await client.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema},public`);
  const dataDir = mkdtempSync(join(tmpdir(), 'imaging-bench-pg-'));
  const port = Number(process.env.BENCH_PORT || 8190) + 1;
  try {
    const server = await startBundle({
      ...LOAD_ENV,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
    });
    try {
      await issue15(port, 'PostgreSQL', server.cpuNow);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function serverTimings(): Promise<void> {
  const dirs: string[] = [];
  const emptyDataDir = () => {
    dirs.push(mkdtempSync(join(tmpdir(), 'imaging-bench-')));
    return dirs.at(-1) as string;
  };
  const port = Number(process.env.BENCH_PORT || 8190);
  const apiOnly = process.env.BENCH_ONLY === 'api';
  try {
    const dataDir = apiOnly ? emptyDataDir() : (await startTimes(emptyDataDir, port)).warmDir;
    const warm = await startBundle({ ...LOAD_ENV, PORT: String(port), DATA_DIR: dataDir });
    if (!apiOnly) {
      console.log('\nAPI latency (sequential, loopback)');
      await latency(port, '/api/config/portal', 200);
      await latency(port, '/api/assets/translations?lang=en-AU', 200);
      await latency(port, '/api/config/contact', 200);
      await clinicAppointmentsUnderLoad(port);
      // Printed against its goals, not failing the run: the simulation scales the CPU time it
      // observes, so a busy machine moves the figures (docs/decisions.md).
      await lighthouseHome(port);
    }
    await issue15(port, 'PGlite', warm.cpuNow).catch((error: unknown) => {
      console.error(warm.log().slice(-3000));
      throw error;
    });
    if (!apiOnly) {
      console.log('\nA patient after the confirmation e-mail (sequential, loopback, 5 bookings)');
      await patientJourney(port);
    }
    await warm.stop();
    if (!apiOnly) await scaleOut(emptyDataDir(), port);
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

// BENCH_ONLY=api: only the server's start and the issue 15 load figures (no bundles, no journeys).
if (process.env.BENCH_ONLY !== 'api') {
  // The viewer's real server starts while the sizes are counted (sizes are no timings).
  const viewerServer = startViewerServer(VIEWER_PORT + 1);
  viewerServer.catch(() => undefined); // its error is thrown where it is awaited
  try {
    bundleSizes();
    failed ||= !(await viewerTimings(VIEWER_PORT, viewerServer));
  } finally {
    await viewerServer.then((server) => server.stop()).catch(() => undefined);
  }
}
// BENCH_ONLY=bundles: only the bundle budgets and the viewer's timings (no server).
if (process.env.BENCH_ONLY !== 'bundles') {
  await serverTimings();
  await postgresTimings();
}
if (failed) {
  console.error('\nA budget or goal was missed.');
  process.exit(1);
}
