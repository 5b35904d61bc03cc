// @vitest-environment node
// Issue 17 bench: WADO-RS metadata is kept in memory, bounded by bytes, and answers exactly
// what it would answer without the cache, also after the series' instances change.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { instancesOfStudy, seriesOfStudy, type StudyRow } from '../db/imaging.repo.js';
import { createDicomFiles, type DicomFiles } from '../services/dicom-files.js';
import { createMetadataCache } from '../services/dicom-metadata-cache.js';
import { createDicomWebService } from '../services/dicomweb.service.js';
import { openTestDb, SETUP_TIMEOUT } from './helpers.js';
import { CT, MR, seededStudy } from './imaging-helpers.js';

let db: Db;
let dataDir: string;
let ct: StudyRow;
let mr: StudyRow;

beforeAll(async () => {
  db = await openTestDb('dicomweb_metadata_cache');
  dataDir = await mkdtemp(join(tmpdir(), 'dicomweb-cache-test-'));
  ct = await seededStudy(db, CT);
  mr = await seededStudy(db, MR);
}, SETUP_TIMEOUT);
afterAll(async () => {
  await db?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The study's files, counting the datasets read (each read is an instance made into JSON). */
function countingFiles(): DicomFiles & { reads: number } {
  const files = createDicomFiles(db, dataDir);
  const counting = {
    ...files,
    reads: 0,
    dataset: (...args: Parameters<DicomFiles['dataset']>) => {
      counting.reads++;
      return files.dataset(...args);
    },
  };
  return counting;
}

const publicUrl = 'https://portal.example.org';
const uncached = () =>
  createDicomWebService(db, createDicomFiles(db, dataDir), { publicUrl, metadataCacheBytes: 0 });

describe('the metadata cache', () => {
  it('answers the series, study and instance metadata exactly as without the cache, made once', async () => {
    const files = countingFiles();
    const cached = createDicomWebService(db, files, { publicUrl });
    const [series] = await seriesOfStudy(db, ct.id);
    const [instance] = await instancesOfStudy(db, ct.id);
    const uid = ct.studyInstanceUid;
    const targets: [string, string?, string?][] = [
      [uid, series!.seriesInstanceUid],
      [uid],
      [uid, series!.seriesInstanceUid, instance!.sopInstanceUid],
    ];
    for (const target of targets) {
      const first = await cached.metadata(uid, ...target);
      const reads = files.reads;
      const again = await cached.metadata(uid, ...target);
      expect(files.reads, target.join('/')).toBe(reads);
      const plain = await uncached().metadata(uid, ...target);
      expect(again.body).toBe(plain.body);
      expect(first.body).toBe(plain.body);
      expect(again.study).toEqual(plain.study);
    }
    const answer = JSON.parse((await cached.metadata(uid, ...targets[0]!)).body) as unknown[];
    expect(answer).toHaveLength(96);
  });

  it('makes the answer again when an instance is added to or removed from the series', async () => {
    const files = countingFiles();
    const cached = createDicomWebService(db, files, { publicUrl });
    const [series] = await seriesOfStudy(db, mr.id);
    const target = [mr.studyInstanceUid, mr.studyInstanceUid, series!.seriesInstanceUid] as const;
    const before = JSON.parse((await cached.metadata(...target)).body) as unknown[];
    const [last] = (await instancesOfStudy(db, mr.id)).slice(-1);
    await db.query(
      `INSERT INTO imaging_instances (series_id, sop_instance_uid, sop_class_uid, instance_number,
         rows, columns) VALUES ($1, $2, $3, $4, $5, $6)`,
      [series!.id, `${last!.sopInstanceUid}.9`, last!.sopClassUid, 99, last!.rows, last!.columns],
    );
    try {
      const added = await cached.metadata(...target);
      expect(JSON.parse(added.body)).toHaveLength(before.length + 1);
      expect(added.body).toBe((await uncached().metadata(...target)).body);
    } finally {
      await db.query('DELETE FROM imaging_instances WHERE sop_instance_uid = $1', [
        `${last!.sopInstanceUid}.9`,
      ]);
    }
    const removed = await cached.metadata(...target);
    expect(JSON.parse(removed.body)).toEqual(before);
  });

  it('keeps at most its bytes, the least recently used going first', async () => {
    const cache = createMetadataCache(100);
    let made = 0;
    const answer = (key: string, fingerprint = 'f', body = 'x'.repeat(40)) =>
      cache.answer(key, fingerprint, async () => {
        made++;
        return body;
      });
    await answer('a');
    await answer('b');
    await answer('a'); // a is now the most recently used
    await answer('c'); // 120 bytes: b goes
    expect([cache.entries, cache.bytes, made]).toEqual([2, 80, 3]);
    await answer('a');
    await answer('c');
    expect(made).toBe(3);
    await answer('b');
    expect(made).toBe(4);
    await answer('big', 'f', 'y'.repeat(101)); // larger than the cache: answered, not kept
    expect(cache.bytes).toBeLessThanOrEqual(100);
    await answer('a', 'another fingerprint');
    expect(made).toBe(6);
  });

  it('makes an answer once for many who ask at the same time', async () => {
    const cache = createMetadataCache();
    let made = 0;
    const make = async () => {
      made++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return '[]';
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cache.answer('k', 'f', make)),
    );
    expect(new Set(answers)).toEqual(new Set(['[]']));
    expect(made).toBe(1);
  });
});
