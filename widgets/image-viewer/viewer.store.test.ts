import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { syntheticStudy, type GeneratedStudy } from '../../tests/fixtures/dicom/generate';
import { dicomwebStub } from '../../tests/fixtures/dicom/stub-dicomweb';
import { createViewerSession } from './viewer.store';

let study: GeneratedStudy;
const failing = new Set<string>();
let accepted = 'good';
/** After this many instance downloads the token in use expires (the host then gives 'fresh'). */
let expireAfter = Infinity;
const requested: string[] = [];

beforeAll(() => {
  study = syntheticStudy({ slices: 10, size: 32, series: ['ct', 'us'] });
  const handle = dicomwebStub([study], { token: 'good', failing });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const auth = (init.headers as Record<string, string>).authorization;
    const token = (auth ?? '').replace('Bearer ', '') === accepted ? 'Bearer good' : 'Bearer other';
    requested.push(url);
    if (/instances\/[\d.]+$/.test(url) && --expireAfter < 0) accepted = 'fresh';
    const answer = handle('GET', url, token)!;
    return new Response(answer.status === 200 ? (answer.body as BodyInit) : null, {
      status: answer.status,
      headers: answer.headers,
    });
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:thumb' }));
});

afterEach(() => {
  failing.clear();
  accepted = 'good';
  expireAfter = Infinity;
  requested.length = 0;
});

const settle = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

const target = (token = 'good') => ({
  base: '/dicomweb',
  studyInstanceUID: study.studyInstanceUID,
  token,
});

describe('a viewer session streams a study (issue 17)', () => {
  it('lists the series, opens the first at its middle image and loads that image first', async () => {
    const session = createViewerSession(target());
    await session.start();
    const ct = study.series[0]!;
    await settle(() => session.$images.get()[ct.seriesInstanceUID]?.loaded === 10);
    const instances = requested.filter((url) => /instances\/[\d.]+$/.test(url));
    expect(instances[0]).toContain(ct.instances[4]!.sopInstanceUID);
    expect(session.$opening.get()[ct.seriesInstanceUID]).toBe(4);
    expect(session.$trouble.get()).toBeNull();
    session.dispose();
  });

  it('a failed instance is marked, the rest load, and a retry loads only what is missing', async () => {
    const ct = study.series[0]!;
    failing.add(ct.instances[7]!.sopInstanceUID);
    const session = createViewerSession(target());
    await session.start();
    await settle(() => session.$images.get()[ct.seriesInstanceUID]?.loaded === 9);
    await settle(() => session.$trouble.get() === 'partial');
    expect([...session.$images.get()[ct.seriesInstanceUID]!.failed]).toEqual([7]);
    failing.clear();
    requested.length = 0;
    session.resume();
    await settle(() => session.$images.get()[ct.seriesInstanceUID]?.loaded === 10);
    expect(requested.filter((url) => /instances\/[\d.]+$/.test(url))).toHaveLength(1);
    session.dispose();
  });

  it('an expired token stops loading and keeps what is shown; a new token loads the rest', async () => {
    const ct = study.series[0]!;
    expireAfter = 3;
    const session = createViewerSession(target());
    await session.start();
    await settle(() => session.$trouble.get() === 'expired');
    const kept = session.$images.get()[ct.seriesInstanceUID]!.loaded;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(10);
    session.resume({ token: 'fresh' });
    await settle(() => session.$images.get()[ct.seriesInstanceUID]?.loaded === 10);
    expect(session.$trouble.get()).toBeNull();
    session.dispose();
  });

  it('a refused token at the start fails the study as expired; an unknown study as not available', async () => {
    const refused = createViewerSession(target('bad'));
    await refused.start();
    expect(refused.$study.get()).toEqual({ state: 'failed', reason: 'expired' });
    const unknown = createViewerSession({ ...target(), studyInstanceUID: '2.25.9' });
    await unknown.start();
    expect(unknown.$study.get()).toEqual({ state: 'failed', reason: 'not_available' });
  });
});
