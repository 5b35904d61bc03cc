/**
 * Issue 15 parts 1 and 2, printed by npm run bench: availability views and
 * booking creation under concurrent load, each figure beside its goal and
 * beside /api/health's throughput measured in the same run (same client,
 * same server, same minute). Closed-loop clients on keep-alive connections.
 */
import { gzipSync } from 'node:zlib';
import { healthOnce, loadRequest } from './load-client.js';

/** Goals of issue 15 part 1 (availability) and part 2 (booking creation). */
export const GOALS = {
  availabilityClients: 50,
  availabilityP95Ms: 50,
  /** At least this share of /api/health's req/s. */
  healthShare: 1 / 5,
  allClinicsMonthGzipKb: 30,
  bookingClients: 20,
  bookingP95Ms: 100,
} as const;

const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
/** Free times booked before the timed bookings (two requests each), counted for double bookings only. */
const BOOKING_WARM_UP = 20;

export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  errors: number;
  n: number;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** `clients` closed loops of `once` for `seconds`; latency of each successful call. */
async function load(
  clients: number,
  once: () => Promise<boolean>,
  seconds = LOAD_SECONDS,
  record?: (ms: number) => void,
): Promise<LoadResult> {
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const t = performance.now();
      if (await once()) {
        times.push(performance.now() - t);
        record?.(performance.now() - t);
      } else errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    rps: times.length / elapsed,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    errors,
    n: times.length,
  };
}

/** Several LoadResults of one call measured in slices, as one. */
function merged(parts: LoadResult[], times: number[][]): LoadResult {
  const all = times.flat().sort((a, b) => a - b);
  const n = all.length;
  const seconds = parts.reduce((sum, r) => sum + r.n / (r.rps || Infinity), 0);
  return {
    rps: seconds > 0 ? n / seconds : 0,
    p50: quantile(all, 0.5),
    p95: quantile(all, 0.95),
    errors: parts.reduce((sum, r) => sum + r.errors, 0),
    n,
  };
}

/**
 * A call and /api/health measured in alternating one-second slices (after a
 * second of warm-up each), so both see the same background load: the machine
 * is shared, and a share of health's throughput measured minutes apart says
 * more about the neighbours than about the server.
 */
async function againstHealth(
  clients: number,
  once: () => Promise<boolean>,
  health: () => Promise<boolean>,
): Promise<{ call: LoadResult; health: LoadResult }> {
  await load(clients, once, 1);
  await load(clients, health, 1);
  const calls: LoadResult[] = [];
  const healths: LoadResult[] = [];
  const callTimes: number[][] = [];
  const healthTimes: number[][] = [];
  for (let slice = 0; slice < LOAD_SECONDS; slice++) {
    const c = await load(clients, once, 1, (t) => (callTimes[slice] ??= []).push(t));
    calls.push(c);
    const h = await load(clients, health, 1, (t) => (healthTimes[slice] ??= []).push(t));
    healths.push(h);
  }
  return { call: merged(calls, callTimes), health: merged(healths, healthTimes) };
}

const verdict = (ok: boolean) => (ok ? 'goal met' : 'goal MISSED');
const isoDay = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export interface AvailabilityCase {
  label: string;
  clinicIds: number[];
  start: string;
  end: string;
  /** Request body extras (the compact format the booking widget asks for). */
  extra: Record<string, unknown>;
}

/**
 * Prints req/s, p50, p95 and the share of /api/health for each view against
 * the goals; returns false on errors or a wire size over its goal.
 */
export async function availabilityUnderLoad(origin: string, title: string): Promise<boolean> {
  const examSlug = 'xray-chest';
  const clinics = (await (
    await fetch(`${origin}/api/booking/clinics?examSlug=${examSlug}`)
  ).json()) as { id: number }[];
  const all = clinics.map((c) => c.id);
  const one = [all[0]!];
  const compact = { format: 'intervals' };
  const cases: AvailabilityCase[] = [
    { label: "a clinic's week", clinicIds: one, start: isoDay(1), end: isoDay(7), extra: compact },
    {
      label: "a clinic's month",
      clinicIds: one,
      start: isoDay(0),
      end: isoDay(30),
      extra: compact,
    },
    {
      label: `all ${all.length} clinics' month`,
      clinicIds: all,
      start: isoDay(0),
      end: isoDay(30),
      extra: compact,
    },
  ];
  const clients = GOALS.availabilityClients;
  console.log(`\nAvailability at ${clients} concurrent clients, ${title} (issue 15 part 1)`);
  const health = () => healthOnce(origin);
  console.log(
    '  each view and GET /api/health alternate in one-second slices; the share is of the health ' +
      'figure measured beside it',
  );
  let ok = true;
  const request = (c: AvailabilityCase, extra = c.extra) => ({
    clinicIds: c.clinicIds,
    examSlug,
    start: c.start,
    end: c.end,
    ...extra,
  });
  // The load loops: the light client, compressed answers as a browser asks for them.
  const ask = async (c: AvailabilityCase, extra = c.extra) =>
    (
      await loadRequest(origin, '/api/booking/clinic_appointments', {
        method: 'POST',
        json: request(c, extra),
      })
    ).status === 200;
  // The answer itself (fetch decompresses), for its sizes.
  const post = async (c: AvailabilityCase, extra = c.extra) => {
    const res = await fetch(`${origin}/api/booking/clinic_appointments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: JSON.stringify(request(c, extra)),
    });
    return { ok: res.ok, body: Buffer.from(await res.arrayBuffer()) };
  };
  for (const c of cases) {
    const first = await post(c);
    if (!first.ok) throw new Error(`${c.label}: ${first.body.toString()}`);
    const { call: r, health: beside } = await againstHealth(clients, () => ask(c), health);
    const share = r.rps / beside.rps;
    const met = r.p95 <= GOALS.availabilityP95Ms && share >= GOALS.healthShare;
    // Timings are printed against their goals; only errors fail the run (a busy machine moves timings).
    ok &&= r.errors === 0;
    console.log(
      `  ${c.label.padEnd(36)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms` +
        `  ${(share * 100).toFixed(0)}% of /api/health (${beside.rps.toFixed(0)} req/s, p95 ${beside.p95.toFixed(1)} ms), errors ${r.errors}: ` +
        `${verdict(met)} (p95 ≤ ${GOALS.availabilityP95Ms} ms, ≥ ${GOALS.healthShare * 100}%)`,
    );
  }
  const month = cases[2]!;
  // fetch decompresses; the wire size is what the server's gzip sends (level 6 as @fastify/compress).
  const compactKb = gzipSync((await post(month)).body).length / 1024;
  const spec = await post(month, {});
  const specKb = gzipSync(spec.body).length / 1024;
  const sizeMet = compactKb <= GOALS.allClinicsMonthGzipKb;
  ok &&= sizeMet;
  console.log(
    `  ${month.label}, gzipped on the wire: ${compactKb.toFixed(1)} kB (format intervals, what the widget asks for): ` +
      `${verdict(sizeMet)} (≤ ${GOALS.allClinicsMonthGzipKb} kB); the spec's Slot[] answer ` +
      `${(spec.body.length / 1024).toFixed(0)} kB, ${specKb.toFixed(1)} kB gzipped`,
  );
  const specLoad = await load(clients, () => ask(month, {}));
  console.log(
    `  (no goal) ${month.label} as the spec's Slot[]: ${specLoad.rps.toFixed(0)} req/s  p50 ${specLoad.p50.toFixed(1)} ms  p95 ${specLoad.p95.toFixed(1)} ms`,
  );
  return ok;
}

export interface BookingPlan {
  bookingKey: string;
  cookie: string;
  body: Record<string, unknown>;
}

/**
 * Booking creation at 20 concurrent clients: keys (bound to their browsers)
 * and screening answers are prepared first; the timed phase is only the
 * POSTs, after a warm-up of BOOKING_WARM_UP free times. Every free time is
 * asked for by two clients at once, so a lost race must answer 409; a time
 * booked twice is a double booking.
 */
export async function bookingUnderLoad(
  origin: string,
  title: string,
  prepare: (examSlug: string, round: number) => Promise<{ bookingKey: string; cookie: string }>,
): Promise<boolean> {
  const examSlug = 'xray-chest';
  const clinics = (await (
    await fetch(`${origin}/api/booking/clinics?examSlug=${examSlug}`)
  ).json()) as { id: number }[];
  const res = await fetch(`${origin}/api/booking/clinic_appointments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      clinicIds: clinics.map((c) => c.id),
      examSlug,
      start: isoDay(40),
      end: isoDay(60),
    }),
  });
  const measured = Number(process.env.BENCH_BOOKINGS ?? 200);
  const free = ((await res.json()) as { slots: Record<string, unknown>[] }[])
    .flatMap((c) => c.slots)
    // Spread over days, every 7th free time: the first clinics' devices (two here), so
    // the 20 clients queue on the same device locks, the hardest case for the lock.
    .filter((_, i) => i % 7 === 0)
    .slice(0, BOOKING_WARM_UP + measured);
  const plans: { slot: number; plan: BookingPlan }[] = [];
  for (const [i, slot] of free.entries()) {
    for (const twin of [0, 1]) {
      const { bookingKey, cookie } = await prepare(examSlug, i * 2 + twin);
      plans.push({
        slot: i,
        plan: {
          bookingKey,
          cookie,
          body: {
            bookingKey,
            examSlug,
            clinicId: slot.clinicId,
            deviceId: slot.deviceId,
            startDateTime: slot.startDateTime,
            patient: {
              firstName: 'Bench',
              lastName: `Load${i}`,
              dateOfBirth: '1984-06-15',
              email: `bench.load.${i}.${twin}@example.org`,
              contactNumber: '0412345678',
              sex: 'FEMALE',
              postalCode: '2000',
            },
          },
        },
      });
    }
  }
  const booked = new Map<number, number>();
  let conflicts = 0;
  let errors = 0;
  /** The plans' POSTs by GOALS.bookingClients clients; the seconds they took and each one's time. */
  const run = async (batch: typeof plans) => {
    const times: number[] = [];
    let next = 0;
    const client = async () => {
      while (next < batch.length) {
        const { slot, plan } = batch[next++]!;
        const t = performance.now();
        const r = await loadRequest(origin, '/api/booking/appointments', {
          method: 'POST',
          headers: { cookie: plan.cookie },
          json: plan.body,
        });
        times.push(performance.now() - t);
        if (r.status === 200) booked.set(slot, (booked.get(slot) ?? 0) + 1);
        else if (r.status === 409) conflicts++;
        else errors++;
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: GOALS.bookingClients }, client));
    return { seconds: (performance.now() - started) / 1000, times: times.sort((a, b) => a - b) };
  };
  // The first free times warm the path up (as each availability slice's second does); their
  // bookings count for double bookings, not for the timings.
  const warmUp = plans.slice(0, BOOKING_WARM_UP * 2);
  await run(warmUp);
  const { seconds, times } = await run(plans.slice(warmUp.length));
  const doubles = [...booked.values()].filter((n) => n > 1).length;
  const p95 = quantile(times, 0.95);
  const met = p95 <= GOALS.bookingP95Ms && doubles === 0 && errors === 0;
  console.log(
    `\nBooking creation at ${GOALS.bookingClients} concurrent clients, ${title} (issue 15 part 2)\n` +
      `  POST /api/booking/appointments: ${times.length} requests for ${free.length - BOOKING_WARM_UP} free times (two per time, ` +
      `after ${warmUp.length} of warm-up), ` +
      `${(times.length / seconds).toFixed(0)} req/s, p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; ` +
      `booked ${booked.size}, lost races 409 ${conflicts}, other errors ${errors}, double bookings ${doubles}: ` +
      `${verdict(met)} (p95 ≤ ${GOALS.bookingP95Ms} ms, 0 double bookings)`,
  );
  // Timings are printed against their goals; a double booking or an error fails the run.
  return doubles === 0 && errors === 0;
}
