import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { memoised, memoisingZlib } from '../http/compression-memo.js';
import { closeTestApp, openTestApp } from './helpers.js';

const json = (n: number) =>
  Buffer.from(JSON.stringify({ runs: Array.from({ length: n }, (_, i) => [i, 3, 7]) }));

describe('compression that remembers its answers (issue 15 part 1)', () => {
  it('compresses the same bytes once and answers them again, decompressing to the payload', () => {
    const gzip = vi.fn(zlib.gzipSync);
    const compress = memoised(gzip);
    const first = compress(json(200));
    const again = compress(Buffer.from(json(200)));
    expect(again).toBe(first);
    expect(gzip).toHaveBeenCalledTimes(1);
    expect(zlib.gunzipSync(again).equals(json(200))).toBe(true);
  });

  it('never answers one payload with another, even one byte apart', () => {
    const compress = memoised(zlib.gzipSync);
    const a = json(100);
    const b = Buffer.from(a);
    b[b.length - 2] = '8'.charCodeAt(0);
    expect(zlib.gunzipSync(compress(a)).equals(a)).toBe(true);
    expect(zlib.gunzipSync(compress(b)).equals(b)).toBe(true);
  });

  it('forgets the least recently used payloads beyond its byte budget, and compresses large ones each time', () => {
    const gzip = vi.fn(zlib.gzipSync);
    const compress = memoised(gzip, json(100).length * 2 + 50); // two payloads, not three
    compress(json(100));
    compress(json(101));
    compress(json(100)); // used again: json(101) is now the oldest
    compress(json(102)); // over budget: json(101) goes
    expect(gzip).toHaveBeenCalledTimes(3);
    compress(json(100));
    expect(gzip).toHaveBeenCalledTimes(3);
    compress(json(101));
    expect(gzip).toHaveBeenCalledTimes(4);
    const large = json(20_000); // over 64 kB
    compress(large);
    compress(large);
    expect(gzip).toHaveBeenCalledTimes(6);
  });

  it('keeps the rest of zlib for @fastify/compress (streams, decompression)', () => {
    const z = memoisingZlib();
    expect(typeof z.createGzip).toBe('function');
    expect(typeof z.createBrotliDecompress).toBe('function');
    const body = json(50);
    expect(zlib.brotliDecompressSync(z.brotliCompressSync(body)).equals(body)).toBe(true);
  });
});

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('an API answer asked twice, compressed (issue 15 part 1)', () => {
  it('is the same bytes, and decompresses to the uncompressed answer', async () => {
    const { db, app } = await openTestApp('compression-memo');
    try {
      const ask = (encoding?: string) =>
        app.inject({
          method: 'POST',
          url: '/api/booking/clinic_appointments',
          headers: encoding ? { 'accept-encoding': encoding } : {},
          payload: {
            clinicIds: [1, 2, 3],
            examSlug: 'xray-chest',
            start: day(1),
            end: day(30),
            format: 'intervals',
          },
        });
      const plain = await ask();
      expect(plain.statusCode).toBe(200);
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      for (const encoding of ['br', 'gzip']) {
        const [first, second] = [await ask(encoding), await ask(encoding)];
        expect(first.headers['content-encoding']).toBe(encoding);
        expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
        const decompress = encoding === 'br' ? zlib.brotliDecompressSync : zlib.gunzipSync;
        expect(decompress(second.rawPayload).toString()).toBe(plain.payload);
      }
    } finally {
      await closeTestApp(app, db);
    }
  }, 60_000);
});
