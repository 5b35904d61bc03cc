/**
 * Issue 17 tried from a browser as an attacker would: a page on an origin
 * the provider does not list (http://localhost:<E2E_PORT + 2001>) that knows
 * a patient's appointment, a viewer token or an image link. It reads neither
 * the report with the patient's cookies nor DICOMweb with the token, cannot
 * frame the referrer's report, and the server audits what it refused.
 */
import { expect, test } from '@playwright/test';
import { clinicPage, startClinicSite, type ClinicSite } from './clinic-site';
import { logInAs } from './helpers';
import { auditOf, CT, imageLink, patientKey } from './imaging-helpers';

const clinicPort = Number(process.env.E2E_CLINIC_PORT);
let portal: string;
/** The listed clinic, for the cases it may do. */
let clinic: ClinicSite;
let stranger: ClinicSite;

test.beforeAll(async () => {
  portal = new URL(test.info().project.use.baseURL!).origin;
  const pages = {
    '/blank': clinicPage('Nothing here', '<p>A page.</p>'),
    '/frame': clinicPage(
      'Framed report',
      `<iframe title="report" width="800" height="600"></iframe>
      <script>
        document.querySelector('iframe').src =
          '${portal}/referrer/quick-report?imsec=' + new URLSearchParams(location.search).get('imsec');
      </script>`,
    ),
  };
  clinic = await startClinicSite(clinicPort, pages);
  stranger = await startClinicSite(clinicPort + 1, pages);
});
test.afterAll(async () => {
  await clinic.close();
  await stranger.close();
});

/** What a script on the current page gets from a cross-origin fetch: the status, or 'blocked'. */
const tryFetch = ({ url, init }: { url: string; init: RequestInit }) =>
  fetch(url, init).then(
    async (response) => `${response.status} ${(await response.text()).slice(0, 40)}`,
    () => 'blocked',
  );

test.describe('another origin in the patient’s browser', () => {
  test("R-6-08, R-1-19: a page on an unlisted origin cannot read the report with the patient's cookies; the refused read is audited", async ({
    page,
    request,
  }) => {
    const { bookingKey, slug } = await patientKey(request, CT.accession);
    await logInAs(page, bookingKey);
    const reports = `${portal}/api/secured/appointments/${slug}/reports`;
    // On the portal itself the patient reads her report.
    const init: RequestInit = { credentials: 'include' };
    expect(await page.evaluate(tryFetch, { url: reports, init })).toMatch(/^200 /);
    const before = (await auditOf(request, CT.accession)).length;

    await page.goto(`${stranger.origin}/blank`);
    expect(await page.evaluate(tryFetch, { url: reports, init })).toBe('blocked');
    const opaque = await page.evaluate(
      (url) => fetch(url, { credentials: 'include', mode: 'no-cors' }).then((r) => r.type),
      reports,
    );
    expect(opaque).toBe('opaque');

    // The server saw the reads without the patient's (partitioned) cookie, refused and recorded them.
    const rows = await auditOf(request, CT.accession);
    const refused = rows.slice(0, rows.length - before).filter((row) => row.action === 'reports');
    expect(refused.length).toBeGreaterThanOrEqual(2);
    for (const row of refused) {
      expect(row).toMatchObject({ actorKind: 'anonymous', outcome: 'refused', status: 401 });
      expect(row.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  test('R-6-07: a viewer token is of no use to a script on an unlisted origin; the listed clinic reads with it', async ({
    page,
    request,
  }) => {
    const link = await imageLink(request, CT.accession);
    const token = (await (
      await request.post(`/api/image_viewer/token?input=${link.imsec}`)
    ).json()) as { token: string; studyInstanceUid: string };
    const series = `${portal}/api/dicomweb/studies/${token.studyInstanceUid}/series`;
    const init: RequestInit = { headers: { authorization: `Bearer ${token.token}` } };

    await page.goto(`${stranger.origin}/blank`);
    expect(await page.evaluate(tryFetch, { url: series, init })).toBe('blocked');
    expect(await page.evaluate(tryFetch, { url: `${series}?token=${token.token}`, init: {} })).toBe(
      'blocked',
    );
    await page.goto(`${clinic.origin}/blank`);
    expect(await page.evaluate(tryFetch, { url: series, init })).toMatch(/^200 \[\{/);
  });

  test('R-2.4-09: an unlisted origin cannot frame the referrer report page (frame-ancestors); the listed clinic can', async ({
    page,
    request,
  }) => {
    const link = await imageLink(request, CT.accession);
    await page.goto(`${clinic.origin}/frame?imsec=${link.imsec}`);
    const listed = page.frameLocator('iframe').locator('imaging-referrer-viewer');
    await expect(listed.locator('[part="report-text"]')).toContainText('Cholelithiasis');

    const other = await imageLink(request, CT.accession);
    const lookups = () =>
      auditOf(request, CT.accession).then((rows) => rows.filter((r) => r.action === 'image_link'));
    const seen = (await lookups()).length;
    const refusedFrame = page.waitForEvent('console', {
      predicate: (message) => /frame-ancestors/.test(message.text()),
    });
    await page.goto(`${stranger.origin}/frame?imsec=${other.imsec}`);
    await refusedFrame;
    await expect(page.frameLocator('iframe').locator('imaging-referrer-viewer')).toHaveCount(0);
    // The refused page ran nothing: the link was not looked up.
    expect((await lookups()).length).toBe(seen);
  });

  test('the page of an image link does not echo its code and keeps it from other sites', async ({
    request,
  }) => {
    const probe = '"><script>alert(1)</script>';
    const page = await request.get(`/referrer/quick-report?imsec=${encodeURIComponent(probe)}`, {
      headers: { accept: 'text/html' },
    });
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(page.headers()['referrer-policy']).toMatch(/^(no-referrer|strict-origin|same-origin)/);
    expect(page.headers()['content-security-policy']).toMatch(
      /frame-ancestors 'self' http:\/\/localhost:\d+(;|$)/,
    );
    expect(page.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('R-6-07: no secret of an address (imsec, viewer token) rides in a Referer header or a request line', async ({
    page,
    request,
  }) => {
    const link = await imageLink(request, CT.accession);
    const referers: Promise<string>[] = [];
    const lines: string[] = [];
    page.on('request', (sent) => {
      if (!sent.url().startsWith(`${portal}/api/`)) return;
      // allHeaders(): what went on the wire, after the page's Referrer-Policy.
      const sentHeaders = sent.allHeaders().then((headers) => headers['referer'] ?? '');
      referers.push(sentHeaders.catch(() => '')); // a request still going as the test ends
      lines.push(sent.url());
    });
    // The quick report: its own API calls do not repeat the page's address.
    await page.goto(link.path);
    await expect(page.locator('imaging-referrer-viewer [part="report-text"]')).toContainText(
      'Cholelithiasis',
    );
    // The viewer page as a frame or a new tab opens it: the token stays in the fragment.
    const answer = (await (await request.get(`/api/image_viewer?input=${link.imsec}`)).json()) as {
      url: string;
    };
    const token = new URLSearchParams(new URL(answer.url).hash.slice(1)).get('token');
    expect(token).toMatch(/\./);
    await page.goto(answer.url);
    await expect(page.locator('imaging-image-viewer [data-testid="image-count"]')).toHaveText(
      /^\d+ \/ 96$/,
      { timeout: 20_000 },
    );
    expect(referers.length).toBeGreaterThan(3);
    for (const referer of await Promise.all(referers)) {
      expect(referer).not.toContain(link.imsec);
      expect(referer).not.toContain(token);
    }
    for (const line of lines) expect(line).not.toContain(token);
  });
});
