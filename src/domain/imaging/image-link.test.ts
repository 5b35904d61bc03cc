import { describe, expect, it } from 'vitest';
import type { ImageViewerResponse } from '../../contract/imaging';
import { builtInViewerParams, parseImageLink, safeHttpUrl, viewerOutcome } from './image-link';
import { formatDay, personName } from './format';

const IMSEC = 'AbCdEfGhIjKlMnOpQrStUv_-12';
const active: ImageViewerResponse = {
  url: '/image-viewer?token=t&study=1.2.3&dicomweb=https%3A%2F%2Fportal.example%2Fapi%2Fdicomweb',
  imageViewerLinkStatus: 'ACTIVE',
  redirectUrl: null,
  preference: 'VIEWER',
  pacsUrl: null,
};

describe('the referrer report page link (R-2.2-14)', () => {
  it('R-2.2-14: takes imsec and an optional repositorySource', () => {
    expect(parseImageLink(`?imsec=${IMSEC}`)).toEqual({ imsec: IMSEC });
    expect(parseImageLink(`?imsec=${IMSEC}&repositorySource=PACS-2`)).toEqual({
      imsec: IMSEC,
      repositorySource: 'PACS-2',
    });
  });

  it('a missing or malformed imsec is no link at all', () => {
    expect(parseImageLink('')).toBeNull();
    expect(parseImageLink('?imsec=short')).toBeNull();
    expect(parseImageLink(`?imsec=${IMSEC}%3Cscript%3E`)).toBeNull();
  });

  it('a malformed repositorySource is left out, not sent', () => {
    expect(parseImageLink(`?imsec=${IMSEC}&repositorySource=a%20b`)).toEqual({ imsec: IMSEC });
  });
});

describe('the image viewer response (spec 4 "Image viewer")', () => {
  it('R-4-viewer-01: status EXPIRED goes to redirectUrl', () => {
    expect(
      viewerOutcome({
        ...active,
        url: null,
        imageViewerLinkStatus: 'EXPIRED',
        redirectUrl: 'https://provider.example/expired',
      }),
    ).toEqual({ kind: 'redirect', href: 'https://provider.example/expired' });
  });

  it('an EXPIRED link never follows a javascript: redirect', () => {
    expect(
      viewerOutcome({
        ...active,
        imageViewerLinkStatus: 'EXPIRED',
        redirectUrl: 'javascript:alert(1)',
      }),
    ).toEqual({ kind: 'expired' });
  });

  it('R-4-viewer-02: preference PACS offers pacsUrl', () => {
    expect(
      viewerOutcome({ ...active, preference: 'PACS', pacsUrl: 'https://pacs.example/v' }),
    ).toEqual({ kind: 'viewer', url: active.url, pacsUrl: 'https://pacs.example/v' });
  });

  it('R-4-viewer-03: a response without url is images not available', () => {
    expect(viewerOutcome({ ...active, url: null })).toEqual({ kind: 'no-images', pacsUrl: null });
  });

  it('only http(s) addresses are linked', () => {
    expect(safeHttpUrl('data:text/html,x')).toBeNull();
    expect(safeHttpUrl('https://pacs.example/')).toBe('https://pacs.example/');
  });

  it('the portal viewer page mounts the built-in viewer; another viewer is framed', () => {
    const origin = 'https://portal.example';
    expect(builtInViewerParams(active.url!, origin)).toEqual({
      dicomweb: 'https://portal.example/api/dicomweb',
      study: '1.2.3',
      token: 't',
    });
    expect(builtInViewerParams('https://ohif.example/viewer?x=1', origin)).toBeNull();
  });
});

describe('study texts', () => {
  it('a date of birth is the same day in every zone', () => {
    expect(formatDay('1961-03-14', 'en-AU')).toBe('14 Mar 1961');
  });

  it('a DICOM name reads given name first', () => {
    expect(personName('CHEN^Margaret')).toBe('Margaret Chen');
  });
});

describe('the results page (R-2.1-18)', async () => {
  const { resultsAuthenticationTarget, resultsNotice, allExpired } = await import('./results');
  const access = {
    state: 'WAITING',
    authenticationType: 'APPOINTMENT_RESULTS',
    releaseAfterDays: 3,
    releaseWhenReferrerOpened: true,
    availableMonths: 12,
    availableFrom: '2026-11-28T00:00:00Z',
    availableUntil: null,
    resultsExpired: false,
  } as const;

  it('R-2.2-02: without a session it logs in with type APPOINTMENT_RESULTS and comes back', () => {
    const target = resultsAuthenticationTarget({
      prefix: '/iframe',
      bookingKey: 'K1',
      kioskMode: false,
      returnPath: '/appointments/K1/result',
    });
    expect(target.path).toBe('/iframe/authentication');
    const params = new URLSearchParams(target.search);
    expect(params.get('type')).toBe('APPOINTMENT_RESULTS');
    expect(params.get('returnUrl')).toBe('/appointments/K1/result');
    expect(params.get('bookingKey')).toBe('K1');
  });

  it('another booking’s page is never the return URL', () => {
    const target = resultsAuthenticationTarget({
      prefix: '',
      bookingKey: 'K1',
      kioskMode: false,
      returnPath: '/appointments/K2/result',
    });
    expect(new URLSearchParams(target.search).get('returnUrl')).toBe('/appointments/K1/result');
  });

  it('before release the page says when results will be available', () => {
    expect(resultsNotice(access)).toEqual({
      kind: 'waiting',
      key: 'results.waiting_or_referrer',
      date: access.availableFrom,
    });
    expect(resultsNotice({ ...access, releaseWhenReferrerOpened: false })).toMatchObject({
      key: 'results.waiting',
    });
  });

  it('R-4-deny-09: only when every study is past its period is it the deny page', () => {
    expect(allExpired([{ ...access, state: 'EXPIRED', resultsExpired: true }])).toBe(true);
    expect(allExpired([{ ...access, state: 'EXPIRED' }, access])).toBe(false);
    expect(allExpired([])).toBe(false);
  });
});
