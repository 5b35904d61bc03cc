/**
 * One process per PGlite data directory (docs/security.md §8). PGlite is
 * PostgreSQL in one process without a postmaster: two processes opening the
 * same directory each keep their own buffers and write over each other's
 * pages, so both double-book and lose data. The lock is a file in the
 * directory holding the owner's PID, made the way PostgreSQL guards its data
 * directory with postmaster.pid: created exclusively (a hard link of a
 * complete temporary file, so no process ever reads it half-written), removed
 * on close and on exit, and taken over when its PID no longer runs (a killed
 * process). Several API processes share PostgreSQL (DATABASE_URL) instead.
 */
import { hostname } from 'node:os';
import { join } from 'node:path';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { readFileSync, unlinkSync } from 'node:fs';

export const LOCK_FILE = 'portal.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
  ) {
    super(
      `The PGlite data directory ${directory} is in use by another process (PID ${pid}). ` +
        'PGlite serves one process only: stop the other process, give this one its own DATA_DIR, ' +
        'or run several API processes on PostgreSQL (DATABASE_URL). If no such process runs, ' +
        `delete ${join(directory, LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

interface LockContent {
  pid: number;
  hostname: string;
  startedAt: string;
}

/** Lock files this process holds: a lock with our own PID that is not here is stale (a restarted container). */
const held = new Set<string>();

function alive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parse(text: string): LockContent | undefined {
  try {
    const content = JSON.parse(text) as Partial<LockContent>;
    return Number.isInteger(content.pid) && (content.pid ?? 0) > 0
      ? (content as LockContent)
      : undefined;
  } catch {
    return undefined;
  }
}

async function tryCreate(path: string, content: string): Promise<boolean> {
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, content, { flag: 'wx' });
  try {
    await link(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

/**
 * Takes the directory's lock or throws DataDirLockedError naming the PID that
 * holds it. A lock whose PID is dead, or unreadable, is replaced.
 */
export async function lockDataDir(directory: string): Promise<DataDirLock> {
  const path = join(directory, LOCK_FILE);
  if (held.has(path)) throw new DataDirLockedError(directory, process.pid);
  const mine: LockContent = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
  };
  const text = `${JSON.stringify(mine)}\n`;
  for (let attempt = 0; ; attempt += 1) {
    if (await tryCreate(path, text)) break;
    const current = parse(await readFile(path, 'utf8').catch(() => ''));
    if (current && alive(current.pid)) throw new DataDirLockedError(directory, current.pid);
    if (attempt >= 3) throw new DataDirLockedError(directory, current?.pid ?? 0);
    // Stale: its process is gone. Another starter may race us here; the
    // exclusive link above lets one of us win the next round.
    await unlink(path).catch(() => undefined);
  }
  held.add(path);

  const removeIfMine = (): void => {
    try {
      if (parse(readFileSync(path, 'utf8'))?.pid === process.pid) unlinkSync(path);
    } catch {
      // Already gone.
    }
  };
  process.once('exit', removeIfMine);
  return {
    async release() {
      if (!held.delete(path)) return;
      process.removeListener('exit', removeIfMine);
      removeIfMine();
    },
  };
}
