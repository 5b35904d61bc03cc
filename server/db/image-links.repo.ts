/** image_links and referrer_image_preferences (migration 033): image links by the hash of their code. */
import type { Queryable } from './db.js';

export interface ImageLinkRow {
  id: number;
  studyId: number;
  /** The study's accession number, for the audit of an expired link (read with the link). */
  accessionNumber: string;
  status: 'ACTIVE' | 'EXPIRED';
  expiresAt: string;
  preference: 'PACS' | 'VIEWER';
  pacsUrl: string | null;
  redirectUrl: string | null;
  repositorySource: string;
}

export interface NewImageLink {
  codeHash: string;
  studyId: number;
  expiresAt: Date;
  preference: 'PACS' | 'VIEWER';
  pacsUrl: string | null;
  redirectUrl: string | null;
  repositorySource: string;
  referrerId: string | null;
  createdBy: string | null;
}

export async function insertImageLink(q: Queryable, link: NewImageLink): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO image_links (code_hash, study_id, expires_at, preference, pacs_url, redirect_url,
       repository_source, referrer_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      link.codeHash,
      link.studyId,
      link.expiresAt.toISOString(),
      link.preference,
      link.pacsUrl,
      link.redirectUrl,
      link.repositorySource,
      link.referrerId,
      link.createdBy,
    ],
  );
  return rows[0]!.id;
}

/** The link of a code hash; its status is EXPIRED once expires_at has passed at `now`. */
export async function imageLinkByHash(
  q: Queryable,
  codeHash: string,
  now: Date,
): Promise<ImageLinkRow | undefined> {
  const { rows } = await q.query<ImageLinkRow>(
    `SELECT l.id, l.study_id AS "studyId", s.accession_number AS "accessionNumber",
       CASE WHEN l.status = 'ACTIVE' AND l.expires_at > $2 THEN 'ACTIVE' ELSE 'EXPIRED' END AS status,
       to_char(l.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "expiresAt",
       l.preference, l.pacs_url AS "pacsUrl", l.redirect_url AS "redirectUrl",
       l.repository_source AS "repositorySource"
     FROM image_links l JOIN imaging_studies s ON s.id = l.study_id WHERE l.code_hash = $1`,
    [codeHash, now.toISOString()],
  );
  return rows[0];
}

export async function touchImageLink(q: Queryable, id: number, now: Date): Promise<void> {
  await q.query('UPDATE image_links SET last_opened_at = $2 WHERE id = $1', [
    id,
    now.toISOString(),
  ]);
}

/** Staff (or the development tools) end a link at once. */
export async function expireImageLink(q: Queryable, codeHash: string): Promise<boolean> {
  const { rows } = await q.query(
    `UPDATE image_links SET status = 'EXPIRED' WHERE code_hash = $1 RETURNING id`,
    [codeHash],
  );
  return rows.length > 0;
}

export async function referrerPreference(
  q: Queryable,
  referrerId: string | null,
): Promise<{ preference: 'PACS' | 'VIEWER'; pacsUrl: string | null }> {
  if (!referrerId) return { preference: 'VIEWER', pacsUrl: null };
  const { rows } = await q.query<{ preference: 'PACS' | 'VIEWER'; pacsUrl: string | null }>(
    `SELECT preference, pacs_url AS "pacsUrl" FROM referrer_image_preferences WHERE referrer_id = $1`,
    [referrerId],
  );
  return rows[0] ?? { preference: 'VIEWER', pacsUrl: null };
}
