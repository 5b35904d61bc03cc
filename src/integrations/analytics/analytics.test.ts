import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import portalConfig from '../../../tests/fixtures/portal-config.json';
import type { AppConfig, PortalConfig } from '../../contract/portal';
import type { FunnelEvent } from '../../domain/booking/funnel';
import { $funnel, trackFunnel } from '../../stores/funnel.store';
import type { AnalyticsAdapter } from './adapter';
import { startAnalytics } from './analytics';
import { eventName, eventParams } from './params';

const app: AppConfig = { ...(portalConfig as PortalConfig).app, analyticsEnabled: true };

function recordingAdapter(enabled = true) {
  const sent: [string, string][] = [];
  const load = vi.fn(async () => {});
  const adapter: AnalyticsAdapter = {
    name: 'recording',
    enabled: () => enabled,
    load,
    send: (event, page) => void sent.push([event.name, page]),
  };
  return { adapter, sent, load };
}

const pageView: FunnelEvent = { name: 'page_view', step: 0 };
const scanType: FunnelEvent = { name: 'scan_type', step: 1, scanType: 'MRI' };

let attribute: string | null = null;
const stops: (() => void)[] = [];
const start = (config: AppConfig, adapters: AnalyticsAdapter[]) =>
  stops.push(startAnalytics(config, adapters));
let observed: (() => void) | null = null;

beforeEach(() => {
  $funnel.set([]);
  attribute = null;
  vi.stubGlobal('window', {
    location: { href: 'https://portal.example/select-clinic?bookingKey=q3X9vT2mLp8RkW4zYb7NcD1f' },
  });
  vi.stubGlobal('document', { documentElement: { getAttribute: () => attribute } });
  vi.stubGlobal(
    'MutationObserver',
    class {
      constructor(callback: () => void) {
        observed = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.unstubAllGlobals();
});

describe('R-7-calls-58/59: analytics adapters', () => {
  it('load once and receive the funnel events from before they loaded, in order', () => {
    trackFunnel([pageView]);
    const { adapter, sent, load } = recordingAdapter();
    start(app, [adapter]);
    trackFunnel([scanType]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(sent.map(([name]) => name)).toEqual(['page_view', 'scan_type']);
  });

  it('see the page address with the booking key masked', () => {
    const { adapter, sent } = recordingAdapter();
    start(app, [adapter]);
    trackFunnel([pageView]);
    expect(sent[0]![1]).toBe('https://portal.example/select-clinic?bookingKey=[redacted]');
  });

  it('nothing loads when analytics is off or no vendor is configured', () => {
    const off = recordingAdapter();
    start({ ...app, analyticsEnabled: false }, [off.adapter]);
    const none = recordingAdapter(false);
    start(app, [none.adapter]);
    trackFunnel([pageView]);
    expect(off.load).not.toHaveBeenCalled();
    expect(none.load).not.toHaveBeenCalled();
    expect([...off.sent, ...none.sent]).toEqual([]);
  });

  it('with consent required, wait for the host page to grant it, then send what waited', () => {
    const { adapter, sent, load } = recordingAdapter();
    start({ ...app, analyticsConsentRequired: true }, [adapter]);
    trackFunnel([pageView]);
    expect(load).not.toHaveBeenCalled();
    attribute = 'functional analytics';
    observed!();
    expect(load).toHaveBeenCalledTimes(1);
    expect(sent.map(([name]) => name)).toEqual(['page_view']);
  });

  it('events while consent is withdrawn are dropped, not kept for later', () => {
    attribute = 'analytics';
    const { adapter, sent } = recordingAdapter();
    start({ ...app, analyticsConsentRequired: true }, [adapter]);
    attribute = '';
    trackFunnel([pageView]);
    attribute = 'analytics';
    trackFunnel([scanType]);
    expect(sent.map(([name]) => name)).toEqual(['scan_type']);
  });
});

describe('what the vendors receive of an event', () => {
  const completed: FunnelEvent = {
    name: 'booking_completed',
    step: 7,
    procedureName: 'MRI Knee',
    locationName: 'Harbour Imaging Perth CBD',
    bookingKind: 'appointment',
    emailHash: 'a'.repeat(64),
  };

  it('a booking_ name and snake-case parameters with the names and the hash', () => {
    expect(eventName(completed)).toBe('booking_completed');
    expect(eventName(pageView)).toBe('booking_page_view');
    expect(eventParams(completed)).toEqual({
      funnel_step: 7,
      procedure_name: 'MRI Knee',
      location_name: 'Harbour Imaging Perth CBD',
      booking_kind: 'appointment',
      email_sha256: 'a'.repeat(64),
    });
  });

  it('without the hash for tools that should not get it', () => {
    expect(eventParams(completed, false)).not.toHaveProperty('email_sha256');
  });
});
