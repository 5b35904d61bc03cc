/**
 * WADO-RS metadata answers kept in process memory (issue 17 bench: the
 * series metadata of the 96-slice CT built every instance's dataset and
 * DICOM JSON on each request, 52 req/s at 20 clients). Stored study data does
 * not change, so an answer is kept, serialized, under its study, series and
 * instance, with a fingerprint of the rows it was made from: a changed row
 * (an instance added or removed, a file stored for a real study) gives
 * another fingerprint, and the answer is made again. Bounded by bytes, least
 * recently used first out. Process memory only holds what the database can
 * give again: several API processes each keep their own copy.
 */
import { createHash } from 'node:crypto';

/** Default bound of the cache: some 120 series of the seeded CT's size (275 kB each). */
export const METADATA_CACHE_BYTES = 32 * 1024 * 1024;

interface Entry {
  fingerprint: string;
  body: string;
  bytes: number;
}

export interface MetadataCache {
  /** The answer under `key` made from rows of this fingerprint, made by `make` when missing. */
  answer(key: string, fingerprint: string, make: () => Promise<string>): Promise<string>;
  /** Bytes held (UTF-8 size of the answers). */
  readonly bytes: number;
  readonly entries: number;
}

/** A fingerprint of the rows an answer is made from. */
export function fingerprintOf(rows: unknown): string {
  return createHash('sha256').update(JSON.stringify(rows)).digest('base64url');
}

export function createMetadataCache(maxBytes = METADATA_CACHE_BYTES): MetadataCache {
  const entries = new Map<string, Entry>();
  /** Answers being made now: twenty viewers asking at once make it once. */
  const making = new Map<string, Promise<string>>();
  let total = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.bytes;
  };

  const keep = (key: string, fingerprint: string, body: string) => {
    drop(key);
    const bytes = Buffer.byteLength(body);
    if (bytes > maxBytes) return;
    entries.set(key, { fingerprint, body, bytes });
    total += bytes;
    // A Map iterates in insertion order: the first key is the least recently used.
    for (const oldest of entries.keys()) {
      if (total <= maxBytes) break;
      drop(oldest);
    }
  };

  return {
    async answer(key, fingerprint, make) {
      const entry = entries.get(key);
      if (entry?.fingerprint === fingerprint) {
        entries.delete(key);
        entries.set(key, entry);
        return entry.body;
      }
      const pendingKey = `${key}\n${fingerprint}`;
      let pending = making.get(pendingKey);
      if (!pending) {
        pending = make()
          .then((body) => {
            keep(key, fingerprint, body);
            return body;
          })
          .finally(() => making.delete(pendingKey));
        making.set(pendingKey, pending);
      }
      return pending;
    },
    get bytes() {
      return total;
    },
    get entries() {
      return entries.size;
    },
  };
}
