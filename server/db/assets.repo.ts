import { toBuffer, type Queryable } from './db.js';

/** application_assets: images served by /api/assets/application/{name}. */
export interface StoredAsset {
  contentType: string;
  bytes: Buffer;
  updatedAt: Date;
}

export async function readAsset(q: Queryable, name: string): Promise<StoredAsset | undefined> {
  const { rows } = await q.query<{ content_type: string; bytes: Uint8Array; updated_at: Date }>(
    'SELECT content_type, bytes, updated_at FROM application_assets WHERE name = $1',
    [name],
  );
  const row = rows[0];
  return (
    row && { contentType: row.content_type, bytes: toBuffer(row.bytes), updatedAt: row.updated_at }
  );
}

export async function writeAsset(
  q: Queryable,
  asset: { name: string; contentType: string; bytes: Uint8Array },
): Promise<void> {
  await q.query(
    `INSERT INTO application_assets (name, content_type, bytes) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE
       SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes, updated_at = now()`,
    [asset.name, asset.contentType, asset.bytes],
  );
}
