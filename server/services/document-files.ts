/**
 * Where document bytes live: one file a document under DATA_DIR/documents,
 * named by 24 random bytes (the row holds the name), owner-only, written
 * once. Also the free-space floor (UPLOAD_MIN_FREE_BYTES, docs/security.md
 * part 5) and the files no row names any more.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ApiError } from '../http/errors.js';

const STORAGE_NAME = /^[A-Za-z0-9_-]{32}$/;

/** Bytes an unprivileged process may still write on the file system of `directory`. */
export async function statfsFreeBytes(directory: string): Promise<number> {
  const info = await statfs(directory);
  return Number(info.bavail) * Number(info.bsize);
}

export interface DocumentFiles {
  /** Writes new bytes under a fresh name; returns the name. */
  write(bytes: Buffer): Promise<string>;
  /** A stream of the file, or 404 `notFoundKey` when it is gone. */
  open(storageName: string, notFoundKey: string): Promise<ReadStream>;
  remove(storageName: string): Promise<void>;
  /** Names in the directory that look like ours and are older than `olderThanMs`. */
  oldNames(olderThanMs: number): Promise<string[]>;
  /** 413 `storageFullKey` when `incomingBytes` would leave less than `minFreeBytes`. */
  assertFreeSpace(
    incomingBytes: number,
    minFreeBytes: number,
    storageFullKey: string,
  ): Promise<void>;
}

export function documentFiles(options: {
  dataDir: string;
  freeSpace?: ((directory: string) => Promise<number>) | undefined;
  log?: { warn(details: object, message: string): void } | undefined;
}): DocumentFiles {
  const directory = resolve(options.dataDir, 'documents');
  const freeSpace = options.freeSpace ?? statfsFreeBytes;
  let ready: Promise<unknown> | undefined;
  const ensureDirectory = () => (ready ??= mkdir(directory, { recursive: true, mode: 0o700 }));
  const pathOf = (storageName: string) => {
    if (!STORAGE_NAME.test(storageName)) throw new Error('bad storage name');
    return join(directory, storageName);
  };

  return {
    async write(bytes) {
      await ensureDirectory();
      const storageName = randomBytes(24).toString('base64url');
      await writeFile(pathOf(storageName), bytes, { mode: 0o600, flag: 'wx' });
      return storageName;
    },

    async open(storageName, notFoundKey) {
      const path = pathOf(storageName);
      try {
        await stat(path);
      } catch {
        throw new ApiError(404, notFoundKey, 'file missing on disk');
      }
      return createReadStream(path);
    },

    async remove(storageName) {
      await rm(pathOf(storageName), { force: true });
    },

    async oldNames(olderThanMs) {
      const names = await readdir(directory).catch(() => [] as string[]);
      const old: string[] = [];
      for (const name of names.filter((n) => STORAGE_NAME.test(n))) {
        const info = await stat(pathOf(name)).catch(() => undefined);
        if (info && Date.now() - info.mtimeMs >= olderThanMs) old.push(name);
      }
      return old;
    },

    async assertFreeSpace(incomingBytes, minFreeBytes, storageFullKey) {
      if (minFreeBytes <= 0) return;
      await ensureDirectory();
      // Unknown free space counts as none: the floor protects the database beside the files.
      const free = await freeSpace(directory).catch((error: unknown) => {
        options.log?.warn(
          { err: error, directory },
          'free space of the documents directory unknown',
        );
        return 0;
      });
      if (free - incomingBytes >= minFreeBytes) return;
      options.log?.warn(
        { freeBytes: free, minFreeBytes, directory },
        'upload refused: the documents directory is at its free-space floor (UPLOAD_MIN_FREE_BYTES)',
      );
      throw new ApiError(413, storageFullKey, 'free space under the floor');
    },
  };
}
