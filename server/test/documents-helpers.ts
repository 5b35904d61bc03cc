import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { clock, idsByCode, MANY_BOOKINGS } from './booking-helpers.js';
import { openTestDb, testApp } from './helpers.js';

/** The attachment suites' app: its own document directory and the seeded document types. */
export interface DocumentsApp {
  db: Db;
  app: FastifyInstance;
  dataDir: string;
  referralType: number;
  medicareType: number;
}

export async function openDocumentsApp(name: string): Promise<DocumentsApp> {
  const db = await openTestDb(name);
  const dataDir = await mkdtemp(join(tmpdir(), 'imaging-documents-'));
  const app = await testApp(db, { booking: MANY_BOOKINGS, dataDir }, { clock });
  const types = await idsByCode(db, 'document_types');
  return { db, app, dataDir, referralType: types.referral!, medicareType: types.medicare_card! };
}

/** Closes what openDocumentsApp opened and removes its files (any part may be missing). */
export async function closeDocumentsApp(opened: Partial<DocumentsApp>): Promise<void> {
  await opened.app?.close();
  await opened.db?.close();
  if (opened.dataDir) await rm(opened.dataDir, { recursive: true, force: true });
}
