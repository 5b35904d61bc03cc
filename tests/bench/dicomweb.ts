/**
 * Issue 17 "Done means": QIDO-RS and WADO-RS latency at 20 concurrent
 * clients against the real server, each beside /api/health measured just
 * after on the same server. An image link of the seeded 80-slice CT is made
 * through the development route; its viewer URL carries the DICOMweb root
 * and a study-scoped viewer token, as the built-in viewer gets them.
 */
import { readViewerParams } from '../../src/domain/imaging/viewer-url.js';
import { closedLoop } from './closed-loop.js';
import { healthOnce, loadRequest } from './load-client.js';

const CLIENTS = 20;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);

interface DevStudy {
  accessionNumber: string;
  studyInstanceUid: string;
  modality: string;
  instances: number;
}

/** The CT's DICOMweb root and token, from the viewer URL of a fresh image link. */
async function viewerOfCt(origin: string) {
  const studies = (await (await fetch(`${origin}/api/dev/imaging/studies`)).json()) as DevStudy[];
  const ct = studies
    .filter((s) => s.modality === 'CT')
    .sort((a, b) => b.instances - a.instances)[0];
  if (!ct) throw new Error('no seeded CT study (is DEV_LOGIN on?)');
  const link = (await (
    await fetch(`${origin}/api/dev/imaging/image_link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessionNumber: ct.accessionNumber }),
    })
  ).json()) as { imsec: string };
  const viewer = (await (
    await fetch(`${origin}/api/image_viewer?input=${encodeURIComponent(link.imsec)}`)
  ).json()) as { url: string | null };
  if (!viewer.url) throw new Error('the CT link has no viewer URL');
  const url = new URL(viewer.url);
  // The built-in viewer's address carries its parameters in the fragment (docs/security.md §14).
  const params = readViewerParams(url.search, url.hash);
  if (!params) throw new Error(`no viewer parameters in ${viewer.url}`);
  const { dicomweb: root, token } = params;
  return { ct, root: new URL(root, origin).toString().replace(/\/$/, ''), token };
}

/** Prints QIDO and WADO figures; returns false when a request failed. */
export async function dicomwebUnderLoad(origin: string, title: string): Promise<boolean> {
  const { ct, root, token } = await viewerOfCt(origin);
  const headers = { authorization: `Bearer ${token}` };
  const study = `${root}/studies/${ct.studyInstanceUid}`;
  const series = (await (await fetch(`${study}/series`, { headers })).json()) as Record<
    string,
    { Value?: string[] }
  >[];
  const seriesUid = series[0]?.['0020000E']?.Value?.[0];
  if (!seriesUid) throw new Error('QIDO answered no series for the CT');
  const instances = (await (
    await fetch(`${study}/series/${seriesUid}/instances`, { headers })
  ).json()) as Record<string, { Value?: string[] }>[];
  const sops = instances.map((i) => i['00080018']?.Value?.[0] ?? '').filter(Boolean);
  let n = 0;
  const get = (url: () => string) => async () =>
    (await loadRequest(origin, url(), { headers })).status === 200;
  const cases: [string, () => Promise<boolean>][] = [
    ['QIDO-RS studies/{study}/series', get(() => `${study}/series`)],
    ['QIDO-RS …/series/{series}/instances', get(() => `${study}/series/${seriesUid}/instances`)],
    [
      'WADO-RS one instance (multipart DICOM)',
      get(() => `${study}/series/${seriesUid}/instances/${sops[n++ % sops.length]}`),
    ],
    ['WADO-RS series metadata', get(() => `${study}/series/${seriesUid}/metadata`)],
  ];
  console.log(
    `\nDICOMweb at ${CLIENTS} concurrent clients, ${title} (issue 17; CT of ${sops.length} slices)`,
  );
  let ok = true;
  const health = () => healthOnce(origin);
  for (const [label, once] of cases) {
    await closedLoop(CLIENTS, once, 1);
    const r = await closedLoop(CLIENTS, once, LOAD_SECONDS);
    const beside = await closedLoop(CLIENTS, health, 1);
    ok &&= r.errors === 0;
    console.log(
      `  ${label.padEnd(40)} ${r.rps.toFixed(0).padStart(5)} req/s  p50 ${r.p50.toFixed(1)} ms  ` +
        `p95 ${r.p95.toFixed(1)} ms  ${((100 * r.rps) / beside.rps).toFixed(0)}% of /api/health ` +
        `(${beside.rps.toFixed(0)} req/s), errors ${r.errors}`,
    );
  }
  return ok;
}
