/**
 * R-1-28/29, R-7-calls-57/58: the optional integrations load nothing
 * unless configured; turned on, each vendor's script comes from its
 * configured address, and only after consent when the provider requires it.
 */
import '../../widgets/frame/define';
import '../../widgets/booking/define';
import { $config } from '../../src/stores/config.store';
import { $funnel } from '../../src/stores/funnel.store';
import { assert, equal, waitFor } from './assert';
import { heading, mount, shadow, unmountAll } from './booking-helpers';

const VENDOR_GLOBALS = ['dataLayer', 'gtag', 'fbq', '_fbq', 'hj', 'plausible', '__SENTRY__'];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every address the page asked for that is not this test server. */
const foreignRequests = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => new URL(name).origin !== location.origin);

const scriptsFrom = (prefix: string) =>
  [...document.querySelectorAll<HTMLScriptElement>('script[src]')]
    .map((script) => script.src)
    .filter((src) => src.startsWith(prefix));

const vendorBase = `${location.origin}/vendor`;
/** The test runner's own scripts, there before any element. */
const runnerScripts = new Set(scriptsFrom(''));

afterEach(() => {
  unmountAll();
  document.querySelectorAll('imaging-frame').forEach((frame) => frame.remove());
});

describe('optional integrations', () => {
  it('with analytics off and no sentryDSN (the fixture), nothing of them loads while a patient books', async () => {
    document.body.append(document.createElement('imaging-frame'));
    const booking = mount();
    await heading(booking, 'Choose your scan');
    const mri = await waitFor(
      () => [...shadow(booking).querySelectorAll('button')].find((b) => b.textContent === 'MRI'),
      'MRI',
    );
    mri.click();
    await pause(500);
    equal($config.get()?.app.analyticsEnabled, false, 'the fixture has analytics off');
    equal(foreignRequests().join(' '), '', 'no request left for another origin');
    equal(
      scriptsFrom('')
        .filter((src) => !runnerScripts.has(src))
        .join(' '),
      '',
      'no script was added',
    );
    for (const name of VENDOR_GLOBALS)
      equal(name in window, false, `no vendor global ${name} on the page`);
    equal($funnel.get().length, 0, 'the funnel is not even watched');
  });

  it('turned on with consent required, the configured vendor scripts load only after the host page grants consent', async () => {
    const config = await waitFor(() => $config.get(), 'the configuration');
    document.body.append(document.createElement('imaging-frame'));
    const booking = mount();
    await heading(booking, 'Choose your scan');
    $config.set({
      ...config,
      app: {
        ...config.app,
        analyticsEnabled: true,
        analyticsConsentRequired: true,
        tagManagerId: 'GTM-TEST',
        analyticsMeasurementId: 'G-TEST',
        socialPixelTrackingEnabled: true,
        socialPixelTrackingId: '1234567890',
        heatmapEnabled: true,
        heatmapId: '3456789',
        webAnalyticsEnabled: true,
        webAnalyticsDomain: 'portal.example',
        tagManagerScriptBaseUrl: `${vendorBase}/google`,
        socialPixelScriptUrl: `${vendorBase}/pixel/fbevents.js`,
        heatmapScriptBaseUrl: `${vendorBase}/heatmap`,
        webAnalyticsScriptUrl: `${vendorBase}/web/script.manual.js`,
      },
    });
    await pause(500);
    equal(scriptsFrom(vendorBase).length, 0, 'no vendor script before consent');
    equal('dataLayer' in window, false, 'no dataLayer before consent');

    document.documentElement.setAttribute('data-imaging-consent', 'analytics');
    const scripts = await waitFor(
      () => (scriptsFrom(vendorBase).length === 5 ? scriptsFrom(vendorBase) : null),
      'five vendor scripts',
    );
    equal(
      scripts.map((src) => src.slice(vendorBase.length)).join(' '),
      '/google/gtm.js?id=GTM-TEST /google/gtag/js?id=G-TEST /pixel/fbevents.js /heatmap/c/hotjar-3456789.js?sv=6 /web/script.manual.js',
      'each vendor from its configured address',
    );
    equal(foreignRequests().join(' '), '', 'nothing from the real vendors');
    // The page view waited for consent in the funnel and reached GA4 through the dataLayer.
    const layer = (window as unknown as { dataLayer: unknown[] }).dataLayer;
    const pageView = await waitFor(
      () =>
        layer.find(
          (entry) =>
            typeof entry === 'object' &&
            entry !== null &&
            (entry as ArrayLike<unknown>)[0] === 'event' &&
            (entry as ArrayLike<unknown>)[1] === 'booking_page_view',
        ),
      'the funnel page view in the dataLayer',
    );
    const params = (pageView as ArrayLike<unknown>)[2] as Record<string, unknown>;
    equal(params['funnel_step'], 0, 'funnel step 0');
    assert(String(params['page_location']).startsWith(location.origin), 'the page address');
  });
});
