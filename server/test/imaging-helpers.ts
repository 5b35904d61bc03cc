/** Shared by the imaging tests (issue 17): seeded studies, viewer tokens, multipart parsing. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/db.js';
import { studyByAccession, type StudyRow } from '../db/imaging.repo.js';
import { readPartTen } from '../services/dicom-files.js';
import { createViewerTokens } from '../services/viewer-token.js';
import { SESSION_COOKIE_NAME, setCookie } from './helpers.js';

export const CT = 'HI-2611-0231';
export const MR = 'HI-2611-0232';
export const DX_WAITING = 'HI-2611-0233';
export const US_EXPIRED = 'HI-2611-0234';
export const NO_IMAGES = 'HI-2611-0235';

export async function seededStudy(db: Db, accession: string): Promise<StudyRow> {
  const study = await studyByAccession(db, accession, 'PORTAL');
  if (!study) throw new Error(`no seeded study ${accession}`);
  return study;
}

/** A viewer token as the server issues them (same database secret), at `now`. */
export async function viewerToken(db: Db, studyUid: string, now = new Date()): Promise<string> {
  const tokens = createViewerTokens(db, { clock: () => now });
  return (await tokens.issue(studyUid, 'test')).token;
}

/** The parts of a multipart/related body with their content types. */
export function multipartParts(
  body: Buffer,
  contentType: string,
): { type: string; bytes: Buffer }[] {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { type: string; bytes: Buffer }[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    const part = body.subarray(start + 2, next - 2); // after CRLF, before CRLF
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString();
    parts.push({
      type: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1] ?? '',
      bytes: part.subarray(headerEnd + 4),
    });
    at = next;
  }
  return parts;
}

export const readDicom = readPartTen;

/** The session cookies of a staff member signed in through the development log-in. */
export async function staffCookies(
  app: FastifyInstance,
  username = 'r.hughes',
): Promise<Record<string, string>> {
  const login = await app.inject({ method: 'POST', url: '/api/dev/login', payload: { username } });
  const cookie = setCookie(login.headers, SESSION_COOKIE_NAME) ?? '';
  return { [SESSION_COOKIE_NAME]: /^[^=]+=([^;]+)/.exec(cookie)?.[1] ?? '' };
}

/** A fresh image link code (imsec) for a seeded study, from the development route. */
export async function imageLinkOf(
  app: FastifyInstance,
  accessionNumber: string,
  expired = false,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/dev/imaging/image_link',
    payload: { accessionNumber, expired },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { imsec: string }).imsec;
}
