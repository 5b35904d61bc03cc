import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailsTo } from './helpers';

/** The seeded studies (server/db/seed-imaging-data.ts). */
export const CT = {
  accession: 'HI-2611-0231',
  patient: 'Margaret Chen',
  dob: { day: '14', month: '03', year: '1961' },
  email: 'margaret.chen@example.com',
};
/** Referred by a doctor whose preference is PACS. */
export const MR = { accession: 'HI-2611-0232' };
/** Final yesterday, released 3 days after: not yet released (unless its referrer opens it). */
export const DX_WAITING = { accession: 'HI-2611-0233' };
/** 420 days ago, 12 months online: expired. */
export const US_EXPIRED = { accession: 'HI-2611-0234' };
/** No images arrived. */
export const DX_NO_IMAGES = { accession: 'HI-2611-0235' };

export interface AuditRow {
  at: string;
  actorKind: string;
  action: string;
  outcome: string;
  status: number;
  messageKey: string | null;
}

/** A fresh image link for a seeded study (the development route; EXPIRED at once with expired). */
export async function imageLink(
  request: APIRequestContext,
  accessionNumber: string,
  expired = false,
): Promise<{ imsec: string; path: string }> {
  const response = await request.post('/api/dev/imaging/image_link', {
    data: { accessionNumber, expired },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { imsec, quickReportUrl } = (await response.json()) as {
    imsec: string;
    quickReportUrl: string;
  };
  const url = new URL(quickReportUrl);
  return { imsec, path: `${url.pathname}${url.search}` };
}

/** A new booking key for a seeded study's appointment, to sign in to its results. */
export async function patientKey(
  request: APIRequestContext,
  accessionNumber: string,
): Promise<{ bookingKey: string; slug: string }> {
  const response = await request.post('/api/dev/imaging/patient_key', {
    data: { accessionNumber },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { bookingKey: string; slug: string };
}

/** What the server's imaging audit holds of a study, newest first. */
export async function auditOf(request: APIRequestContext, accession: string): Promise<AuditRow[]> {
  const response = await request.get(`/api/dev/imaging/audit?accessionNumber=${accession}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AuditRow[];
}

/** The newest 6-digit code e-mailed to `email` that differs from `previous`. */
export async function codeFrom(
  request: APIRequestContext,
  email: string,
  previous: string[] = [],
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await mailsTo(request, email)).filter((m) => /verification code/i.test(m));
        code = mails
          .map((m) => /verification code is (\d{6})/.exec(m)?.[1])
          .filter((c): c is string => !!c && !previous.includes(c))
          .pop();
        return code;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return code!;
}

/** The page's text of the viewer's image number ("n / total"). */
export function imageCount(page: Page) {
  return page.locator('imaging-image-viewer [data-testid="image-count"]');
}
