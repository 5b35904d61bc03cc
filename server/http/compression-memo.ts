/**
 * Compression that remembers its last answers (issue 15 part 1). Most API
 * answers are the same bytes for every patient at a given moment: the free
 * time of a clinic's month, the portal's configuration, the translations.
 * Compressing them was a sixth of the server's CPU time for a month of all
 * clinics at 50 clients (profiled with --cpu-prof). @fastify/compress takes a
 * `zlib` of our choosing for its synchronous path (small buffered answers);
 * this one answers a payload it has compressed before with the same bytes.
 * A pure function of the payload's bytes: nothing can go stale, and no answer
 * can reach a request it was not made for (the key is the whole payload).
 */
import zlib from 'node:zlib';

/** Payloads larger than this are compressed each time (a month of slots in the spec's format). */
const MEMO_MAX_PAYLOAD = 64 * 1024;
/** Bytes of payloads remembered per encoding; the least recently used go first. */
const MEMO_MAX_BYTES = 4 * 1024 * 1024;

type SyncCompressor = (payload: Buffer, options?: object) => Buffer;

export function memoised(compress: SyncCompressor, maxBytes = MEMO_MAX_BYTES): SyncCompressor {
  const kept = new Map<string, Buffer>();
  let bytes = 0;
  return (payload, options) => {
    if (payload.length > MEMO_MAX_PAYLOAD) return compress(payload, options);
    const key = payload.toString('latin1');
    const hit = kept.get(key);
    if (hit) {
      // Most recently used last (a Map keeps insertion order).
      kept.delete(key);
      kept.set(key, hit);
      return hit;
    }
    const compressed = compress(payload, options);
    kept.set(key, compressed);
    bytes += key.length;
    while (bytes > maxBytes) {
      const oldest = kept.keys().next().value as string;
      kept.delete(oldest);
      bytes -= oldest.length;
    }
    return compressed;
  };
}

/** Node's zlib with the synchronous compressors @fastify/compress uses remembered. */
export function memoisingZlib(): typeof zlib {
  return {
    ...zlib,
    brotliCompressSync: memoised(zlib.brotliCompressSync),
    gzipSync: memoised(zlib.gzipSync),
    deflateSync: memoised(zlib.deflateSync),
  } as typeof zlib;
}
