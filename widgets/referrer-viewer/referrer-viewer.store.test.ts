import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch, errorResponse, jsonResponse } from '../../src/api/testing';
import {
  $feedback,
  $navigation,
  $outcome,
  $quickReport,
  resetImageLink,
  showImageLink,
} from './referrer-viewer.store';

/** The referrer page's store against a fake API (spec 4 "Image viewer", R-4-viewer-01..04). */
const IMSEC = 'AbCdEfGhIjKlMnOpQrStUv_-12';
const response = (overrides: Record<string, unknown> = {}) => ({
  url: '/image-viewer?study=1&dicomweb=x&token=t',
  imageViewerLinkStatus: 'ACTIVE',
  redirectUrl: null,
  preference: 'VIEWER',
  pacsUrl: null,
  ...overrides,
});

function stub(
  viewer: () => Response,
  report: () => Response = () => errorResponse(404, 'message.not_found'),
) {
  const fetch = createFakeFetch((request) =>
    new URL(request.url, 'http://localhost').pathname === '/api/image_viewer' ? viewer() : report(),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetImageLink();
  $navigation.set(null);
});

describe('referrer viewer store', () => {
  it('R-7-calls-22: asks /api/image_viewer with input and repositorySource', async () => {
    const fetch = stub(() => jsonResponse(response()));
    await showImageLink({ imsec: IMSEC, repositorySource: 'PACS-2' });
    const asked = fetch.calls.map((call) => new URL(call.url, 'http://localhost'));
    const viewer = asked.find((url) => url.pathname === '/api/image_viewer')!;
    expect(viewer.searchParams.get('input')).toBe(IMSEC);
    expect(viewer.searchParams.get('repositorySource')).toBe('PACS-2');
    expect($outcome.get()).toMatchObject({ state: 'loaded', value: { kind: 'viewer' } });
    expect($quickReport.get().state).toBe('failed');
  });

  it('R-4-viewer-01: EXPIRED goes to redirectUrl and shows nothing of the study', async () => {
    stub(() =>
      jsonResponse(
        response({
          url: null,
          imageViewerLinkStatus: 'EXPIRED',
          redirectUrl: 'https://x.example/',
        }),
      ),
    );
    await showImageLink({ imsec: IMSEC });
    expect($navigation.get()).toEqual({ href: 'https://x.example/' });
    expect($outcome.get().state).toBe('loading');
  });

  it('R-4-viewer-04: a failed call is an error', async () => {
    stub(() => errorResponse(403, 'message.forbidden'));
    await showImageLink({ imsec: IMSEC });
    expect($outcome.get().state).toBe('failed');
  });

  it('no link at all is an error without a call', async () => {
    const fetch = stub(() => jsonResponse(response()));
    await showImageLink(null);
    expect($outcome.get().state).toBe('failed');
    expect(fetch.calls).toHaveLength(0);
  });

  it('R-7-calls-23, R-2.4-08: asks for the feedback questionnaire by imsec; nothing (204) means already given', async () => {
    const questionnaire = {
      questionnaireId: 7,
      questionnaireResult: null,
      title: 'Report quality feedback',
    };
    let given = false;
    const fetch = createFakeFetch((request) => {
      const path = new URL(request.url, 'http://localhost').pathname;
      if (path === '/api/image_viewer') return jsonResponse(response());
      if (path === '/api/image_viewer_link/questionnaires')
        return given ? new Response(null, { status: 204 }) : jsonResponse(questionnaire);
      return errorResponse(404, 'message.not_found');
    });
    vi.stubGlobal('fetch', fetch);
    await showImageLink({ imsec: IMSEC });
    const asked = fetch.calls
      .map((call) => new URL(call.url, 'http://localhost'))
      .find((url) => url.pathname === '/api/image_viewer_link/questionnaires')!;
    expect(asked.searchParams.get('imsec')).toBe(IMSEC);
    expect($feedback.get()).toEqual({ state: 'loaded', value: questionnaire });
    resetImageLink();
    given = true;
    await showImageLink({ imsec: IMSEC });
    expect($feedback.get()).toEqual({ state: 'loaded', value: null });
  });

  it('feedback turned off by the provider (404) leaves the questionnaire failed', async () => {
    stub(
      () => jsonResponse(response()),
      () => errorResponse(404, 'message.referrer_feedback_disabled'),
    );
    await showImageLink({ imsec: IMSEC });
    expect($feedback.get().state).toBe('failed');
  });
});
