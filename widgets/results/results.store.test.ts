import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeFetch,
  errorResponse,
  jsonResponse,
  type RecordedRequest,
} from '../../src/api/testing';
import summaryFixture from '../../tests/fixtures/appointment-summary.json';
import { $navigation, $results, showResults } from './results.store';

/** The results page's store against a fake API (R-2.1-18, R-2.2-02, R-4-deny-09). */
type Routes = Record<string, (request: RecordedRequest) => Response>;

const KEY = summaryFixture.bookingKey;
const SLUG = summaryFixture.appointments[0]!.slug;
const BASE = `/api/secured/appointments/${SLUG}`;
const summary = { ...summaryFixture, appointments: summaryFixture.appointments.slice(0, 1) };
const access = (state: string) => ({
  state,
  authenticationType: 'APPOINTMENT_RESULTS',
  releaseAfterDays: 7,
  releaseWhenReferrerOpened: true,
  availableMonths: 24,
  availableFrom: '2026-11-20T00:00:00.000Z',
  availableUntil: state === 'RELEASED' ? '2028-11-20T00:00:00.000Z' : null,
  resultsExpired: state === 'EXPIRED',
});

function stub(routes: Routes) {
  const fetch = createFakeFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    const handler = routes[`${request.method} ${path}`];
    return handler ? handler(request) : errorResponse(404, 'message.not_found');
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const context = {
  bookingKey: KEY,
  prefix: '',
  kioskMode: false,
  returnPath: `/appointments/${KEY}/result`,
};

afterEach(() => {
  vi.unstubAllGlobals();
  $navigation.set(null);
});

describe('results store', () => {
  it('R-2.2-02: no session logs in with type APPOINTMENT_RESULTS', async () => {
    stub({
      'POST /api/secured/appointments/summary': () => errorResponse(401, 'message.unauthorized'),
    });
    await showResults(context);
    const target = $navigation.get();
    expect(target?.path).toBe('/authentication');
    expect(new URLSearchParams(target?.search).get('type')).toBe('APPOINTMENT_RESULTS');
  });

  it('released results bring the report, pain scores, import status and viewer url', async () => {
    const fetch = stub({
      'POST /api/secured/appointments/summary': () => jsonResponse(summary),
      [`GET ${BASE}/results_access`]: () => jsonResponse(access('RELEASED')),
      [`GET ${BASE}/reports`]: () => jsonResponse({ reports: [] }),
      [`GET ${BASE}/pain_score`]: () =>
        jsonResponse({
          painScores: [
            { type: 'PAIN_SCORE_INITIAL', score: 6, recordedAt: '2026-11-01T00:00:00Z' },
          ],
        }),
      [`GET ${BASE}/import_ready`]: () =>
        jsonResponse({ importReady: true, imagesAvailable: true, reportAvailable: true }),
      [`GET ${BASE}/image_viewer`]: () => jsonResponse({ url: '/image-viewer?study=1' }),
    });
    await showResults(context);
    const value = $results.get();
    expect(value.state).toBe('loaded');
    if (value.state !== 'loaded') return;
    expect(value.value[0]?.released?.painScores[0]?.score).toBe(6);
    expect(value.value[0]?.released?.viewerUrl).toBe('/image-viewer?study=1');
    expect(fetch.calls).toHaveLength(6);
  });

  it('before release nothing of the report is asked', async () => {
    const fetch = stub({
      'POST /api/secured/appointments/summary': () => jsonResponse(summary),
      [`GET ${BASE}/results_access`]: () => jsonResponse(access('WAITING')),
    });
    await showResults(context);
    expect($results.get()).toMatchObject({ state: 'loaded', value: [{ released: null }] });
    expect(fetch.calls.map((call) => call.url)).not.toContain(`${BASE}/reports`);
  });

  it('R-4-deny-09: every study past its period is the deny page with resultsExpired', async () => {
    stub({
      'POST /api/secured/appointments/summary': () => jsonResponse(summary),
      [`GET ${BASE}/results_access`]: () => jsonResponse(access('EXPIRED')),
    });
    await showResults(context);
    expect($navigation.get()).toEqual({ path: '/deny', search: '?resultsExpired=true' });
  });
});
