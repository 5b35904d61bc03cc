/**
 * The upload budget of a client address for keys that have not booked
 * (docs/security.md part 5): UPLOAD_QUOTA_BYTES and UPLOAD_QUOTA_FILES within
 * UPLOAD_UNBOOKED_HOURS, counted by address (an IPv6 /64 as one), checked
 * before the body is read and again under a lock in the write's transaction.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { UploadLimits } from '../config.js';
import type { Queryable } from '../db/db.js';
import {
  insertUploadUsage,
  lockUploadAddress,
  uploadUsage,
  type UploadUsage,
} from '../db/upload-usage.repo.js';
import type { KeyRef } from '../db/secrets.js';
import { ApiError } from '../http/errors.js';

const QUOTA_EXCEEDED = 'message.upload_quota_exceeded';

/** 429 message.upload_quota_exceeded; the route sends `retryAfterSeconds` as Retry-After. */
export class UploadQuotaError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, QUOTA_EXCEEDED, 'upload quota of the client address used');
  }
}

/** Who uploads: the client address the quota is counted by (request.ip). */
export interface UploadClient {
  address: string;
}

/**
 * The address a quota is counted by: an IPv4 address (also when mapped into
 * IPv6) as it is, an IPv6 address as its /64 prefix, since one subscriber
 * usually holds a whole /64.
 */
export function quotaAddress(ip: string): string {
  const bare = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(bare)) return bare;
  // An embedded IPv4 tail is the last two groups; only the first four matter here.
  const hex = bare.replace(/(\d{1,3}(?:\.\d{1,3}){3})$/, '0:0');
  const [head = '', tail] = hex.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = Array<string>(tail === undefined ? 0 : 8 - left.length - right.length).fill('0');
  const groups = [...left, ...zeros, ...right].slice(0, 4);
  return `${groups.map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}

export interface UploadQuota {
  /** 429 when one more file of `incomingBytes` would take the address over its budget (no lock). */
  assert(q: Queryable, address: string, incomingBytes: number): Promise<{ now: Date }>;
  /** Inside the write's transaction: checks the budget under a lock and records the upload. */
  charge(tx: Queryable, client: UploadClient, keyRef: KeyRef, bytes: number): Promise<void>;
}

export function uploadQuota(limits: UploadLimits, clock: () => Date): UploadQuota {
  const windowMs = limits.unbookedTtlHours * 60 * 60 * 1000;

  function quotaError(usage: UploadUsage, now: Date): UploadQuotaError {
    const leaves = (usage.oldest?.getTime() ?? now.getTime()) + windowMs - now.getTime();
    return new UploadQuotaError(Math.max(1, Math.ceil(leaves / 1000)));
  }

  async function assert(q: Queryable, address: string, incomingBytes: number) {
    const now = clock();
    const usage = await uploadUsage(q, address, new Date(now.getTime() - windowMs));
    // With nothing incoming (before the body is read), a budget used up to the last byte is full.
    const full =
      usage.files >= limits.quotaFiles ||
      usage.bytes + Math.max(incomingBytes, 1) > limits.quotaBytes;
    if (full) throw quotaError(usage, now);
    return { now };
  }

  return {
    assert,
    async charge(tx, client, keyRef, bytes) {
      const address = quotaAddress(client.address);
      await lockUploadAddress(tx, address);
      const { now } = await assert(tx, address, bytes);
      await insertUploadUsage(tx, { clientAddress: address, bookingKey: keyRef, bytes, at: now });
    },
  };
}
