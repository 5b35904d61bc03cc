import { describe, expect, it } from 'vitest';
import { elementForPath, readUrlState, writeUrlState } from './element-routes';

describe('elementForPath (standalone elements on clinic pages, R-1-24)', () => {
  it.each([
    ['/', 'imaging-booking'],
    ['/select-clinic', 'imaging-booking'],
    ['/iframe/booking', 'imaging-booking'],
    ['/questionnaires', 'imaging-questionnaire'],
    ['/q', 'imaging-questionnaire'],
    ['/appointments/abc', 'imaging-appointment'],
    ['/a/abc', 'imaging-appointment'],
    ['/iframe/appointments/abc/kiosk', 'imaging-appointment'],
    ['/booking-requests/abc', 'imaging-booking-request'],
    ['/authentication', 'imaging-auth'],
    ['/deny', 'imaging-deny'],
    ['/about', 'imaging-page'],
    ['/appointments/abc/result', 'imaging-results'],
    ['/iframe/appointments/abc/result/patient', 'imaging-results'],
    ['/referrer/quick-report', 'imaging-referrer-viewer'],
    ['/iframe/referrer-access', 'imaging-referrer-viewer'],
  ])('%s → %s', (path, tag) => {
    expect(elementForPath(path)?.tag).toBe(tag);
  });

  it('names the info page and leaves unknown paths to the portal', () => {
    expect(elementForPath('/terms')?.attrs).toEqual({ page: 'terms' });
    expect(elementForPath('/check-in')).toEqual({ tag: 'imaging-checkin', module: 'checkin' });
    expect(elementForPath('/appointments')).toBeNull();
  });
});

describe('url state in the hash', () => {
  it('round-trips a path and query, encoded once', () => {
    expect(writeUrlState('/select-clinic', '?examSlug=a%2Cb')).toBe(
      '#imaging:/select-clinic?examSlug=a%2Cb',
    );
    const hash = writeUrlState('/select-clinic', '?examSlug=mri-knee&date=2026-12-01');
    expect(readUrlState(hash)).toEqual({
      path: '/select-clinic',
      search: '?examSlug=mri-knee&date=2026-12-01',
    });
    expect(readUrlState(writeUrlState('/', ''))).toEqual({ path: '/', search: '' });
  });

  it('ignores foreign hashes and anything that is not a portal path', () => {
    expect(readUrlState('#top')).toBeNull();
    expect(readUrlState('#imaging://evil.example/x')).toBeNull();
    expect(readUrlState('#imaging:https://evil.example')).toBeNull();
    expect(readUrlState('#imaging:%2F%2Fevil.example')).toBeNull();
  });
});
