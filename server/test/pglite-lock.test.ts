// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../db/data-dir-lock.js';
import { openPglite } from '../db/pglite.js';
import { SETUP_TIMEOUT } from './helpers.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'imaging-pglite-lock-'));
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** The PID of a process that has exited: never alive again within the test. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe('one process per PGlite data directory', () => {
  it(
    'a second opening of the same data directory fails with a message naming the PID and DATABASE_URL',
    async () => {
      const dir = join(root, 'pglite');
      const first = await openPglite(dir);
      try {
        await expect(openPglite(dir)).rejects.toThrow(DataDirLockedError);
        await expect(openPglite(dir)).rejects.toThrow(
          new RegExp(`in use by another process \\(PID ${process.pid}\\).*DATABASE_URL`),
        );
        // The first opening still works: the refused one touched nothing.
        expect((await first.query<{ x: number }>('SELECT 1 AS x')).rows).toEqual([{ x: 1 }]);
      } finally {
        await first.close();
      }
      expect(await exists(join(dir, LOCK_FILE))).toBe(false);
      const again = await openPglite(dir);
      await again.close();
    },
    SETUP_TIMEOUT,
  );

  it(
    'another process started on a directory in use refuses to start, with the message',
    async () => {
      const dir = join(root, 'held');
      await mkdir(dir, { recursive: true });
      const lock = await lockDataDir(dir);
      try {
        const child = spawnSync(
          process.execPath,
          [
            '--import',
            'tsx',
            '-e',
            `import('./server/db/db.ts').then(({ openDb }) => openDb({ pgliteDir: ${JSON.stringify(dir)} }))
             .then(() => process.exit(0), (error) => { console.error(error.message); process.exit(3); });`,
          ],
          { cwd: ROOT, encoding: 'utf8', timeout: 30_000 },
        );
        expect(child.status).toBe(3);
        expect(child.stderr).toContain(`in use by another process (PID ${process.pid})`);
        expect(child.stderr).toContain('DATABASE_URL');
      } finally {
        await lock.release();
      }
    },
    SETUP_TIMEOUT,
  );

  it(
    'a stale lock left by a dead process is taken over',
    async () => {
      const dir = join(root, 'stale');
      await mkdir(dir, { recursive: true });
      const pid = deadPid();
      const stale = { pid, hostname: 'gone', startedAt: '2026-01-01T00:00:00.000Z' };
      await writeFile(join(dir, LOCK_FILE), JSON.stringify(stale));
      const db = await openPglite(dir);
      try {
        const lock = JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')) as { pid: number };
        expect(lock.pid).toBe(process.pid);
      } finally {
        await db.close();
      }
    },
    SETUP_TIMEOUT,
  );

  it(
    'in-memory databases (the test helpers) take no lock and open side by side',
    async () => {
      const a = await openPglite(undefined);
      const b = await openPglite(undefined);
      try {
        expect((await b.query<{ x: number }>('SELECT 2 AS x')).rows).toEqual([{ x: 2 }]);
      } finally {
        await a.close();
        await b.close();
      }
    },
    SETUP_TIMEOUT,
  );
});
