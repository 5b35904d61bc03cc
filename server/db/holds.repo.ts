import type { KeyRef } from './secrets.js';
import type { BusyRow } from './availability.repo.js';
import type { Queryable } from './db.js';

/**
 * slot_holds: a device's time held for a booking key until expires_at. "Now"
 * always comes from the caller (the API's clock), never from the database.
 * Writers hold the device's advisory lock (lockDevice).
 */

export interface NewHold {
  bookingKey: KeyRef;
  /** The client address that asked for it (per-address limit). */
  clientAddress: string;
  deviceId: number;
  examId: number;
  startMs: number;
  endMs: number;
  expiresAtMs: number;
}

export async function insertHold(q: Queryable, hold: NewHold): Promise<void> {
  await q.query(
    `INSERT INTO slot_holds (booking_key, device_id, exam_id, during, expires_at, client_address)
     VALUES ($1, $2, $3, tstzrange($4::timestamptz, $5::timestamptz, '[)'), $6::timestamptz, $7)`,
    [
      hold.bookingKey,
      hold.deviceId,
      hold.examId,
      new Date(hold.startMs).toISOString(),
      new Date(hold.endMs).toISOString(),
      new Date(hold.expiresAtMs).toISOString(),
      hold.clientAddress,
    ],
  );
}

/** Namespace of the (int, int) advisory locks of client addresses (beside the devices'). */
const ADDRESS_LOCK_NAMESPACE = 727_191;

/** Queues the hold requests of one client address until this transaction ends. */
export async function lockAddress(q: Queryable, clientAddress: string): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [
    ADDRESS_LOCK_NAMESPACE,
    clientAddress,
  ]);
}

/** Live holds of the address on keys other than `exceptKey`. */
export async function countLiveHoldsOfAddress(
  q: Queryable,
  input: { clientAddress: string; exceptKey: KeyRef; nowMs: number },
): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM slot_holds
     WHERE client_address = $1 AND booking_key <> $2 AND expires_at > $3::timestamptz`,
    [input.clientAddress, input.exceptKey, new Date(input.nowMs).toISOString()],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Marks the key's first hold (now, the API's clock, unless it has one) and
 * returns when that was: renewals never hold past it plus the cap.
 */
export async function markFirstHold(
  q: Queryable,
  bookingKey: KeyRef,
  nowMs: number,
): Promise<number> {
  const { rows } = await q.query<{ first_held_at: Date }>(
    `UPDATE booking_keys SET first_held_at = coalesce(first_held_at, $2::timestamptz)
     WHERE booking_key = $1 RETURNING first_held_at`,
    [bookingKey, new Date(nowMs).toISOString()],
  );
  return new Date(rows[0]?.first_held_at ?? nowMs).getTime();
}

/** Devices on which the key holds time (to lock them before releasing). */
export async function heldDeviceIds(q: Queryable, bookingKey: KeyRef): Promise<number[]> {
  const { rows } = await q.query<{ device_id: number }>(
    'SELECT DISTINCT device_id FROM slot_holds WHERE booking_key = $1',
    [bookingKey],
  );
  return rows.map((row) => row.device_id);
}

export async function deleteHoldsOfKey(q: Queryable, bookingKey: KeyRef): Promise<number> {
  const { rows } = await q.query('DELETE FROM slot_holds WHERE booking_key = $1 RETURNING id', [
    bookingKey,
  ]);
  return rows.length;
}

export async function deleteExpiredHolds(
  q: Queryable,
  deviceIds: number[],
  nowMs: number,
): Promise<void> {
  await q.query(
    'DELETE FROM slot_holds WHERE device_id = ANY($1::int[]) AND expires_at <= $2::timestamptz',
    [deviceIds, new Date(nowMs).toISOString()],
  );
}

/** Live holds of keys other than `exceptKey` on the devices overlapping [fromMs, toMs), as busy times. */
export async function listHeld(
  q: Queryable,
  input: {
    deviceIds: number[];
    fromMs: number;
    toMs: number;
    nowMs: number;
    exceptKey?: KeyRef | undefined;
  },
): Promise<BusyRow[]> {
  if (input.deviceIds.length === 0) return [];
  const { rows } = await q.query<{ device_id: number; starts: Date; ends: Date }>(
    `SELECT device_id, lower(during) AS starts, upper(during) AS ends FROM slot_holds
     WHERE device_id = ANY($1::int[]) AND during && tstzrange($2::timestamptz, $3::timestamptz, '[)')
       AND expires_at > $4::timestamptz AND ($5::text IS NULL OR booking_key <> $5)`,
    [
      input.deviceIds,
      new Date(input.fromMs).toISOString(),
      new Date(input.toMs).toISOString(),
      new Date(input.nowMs).toISOString(),
      input.exceptKey ?? null,
    ],
  );
  return rows.map((row) => ({
    deviceId: row.device_id,
    startMs: new Date(row.starts).getTime(),
    endMs: new Date(row.ends).getTime(),
  }));
}

/** Whether a live (not cancelled) appointment overlaps [startMs, endMs) on the device. */
export async function appointmentOverlaps(
  q: Queryable,
  input: { deviceId: number; startMs: number; endMs: number },
): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM appointments WHERE device_id = $1 AND status <> 'CANCELED'
       AND during && tstzrange($2::timestamptz, $3::timestamptz, '[)') LIMIT 1`,
    [input.deviceId, new Date(input.startMs).toISOString(), new Date(input.endMs).toISOString()],
  );
  return rows.length > 0;
}

export interface LiveHoldRow extends BusyRow {
  bookingKey: KeyRef;
  expiresAtMs: number;
}

/** Live holds of every key on the devices overlapping [fromMs, toMs), with their keys and ends. */
export async function listLiveHolds(
  q: Queryable,
  input: { deviceIds: number[]; fromMs: number; toMs: number; nowMs: number },
): Promise<LiveHoldRow[]> {
  if (input.deviceIds.length === 0) return [];
  const { rows } = await q.query<{
    device_id: number;
    starts: Date;
    ends: Date;
    booking_key: KeyRef;
    expires_at: Date;
  }>(
    `SELECT device_id, lower(during) AS starts, upper(during) AS ends, booking_key, expires_at
     FROM slot_holds
     WHERE device_id = ANY($1::int[]) AND during && tstzrange($2::timestamptz, $3::timestamptz, '[)')
       AND expires_at > $4::timestamptz`,
    [
      input.deviceIds,
      new Date(input.fromMs).toISOString(),
      new Date(input.toMs).toISOString(),
      new Date(input.nowMs).toISOString(),
    ],
  );
  return rows.map((row) => ({
    deviceId: row.device_id,
    startMs: new Date(row.starts).getTime(),
    endMs: new Date(row.ends).getTime(),
    bookingKey: row.booking_key,
    expiresAtMs: new Date(row.expires_at).getTime(),
  }));
}
