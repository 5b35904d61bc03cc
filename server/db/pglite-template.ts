/**
 * The pre-initialised PGlite database that `npm run build` ships
 * (dist/server/pglite-template.tar, issue 15 part 5): a data directory
 * migrated and seeded at build time, so a first start on an empty data
 * directory unpacks it instead of running initdb, the migrations and the
 * seed, which took 7 to 10 s here.
 *
 * It is used only while its key matches the code: the key hashes PGlite's
 * version, the migrations and every module of server/db, so a changed
 * migration, seed or repository makes the server fall back to the full
 * first start until the next build. The seed's date-relative rows are dated
 * on the first start (seed.ts, seed_template_pending), not at build time.
 */
import { createHash } from 'node:crypto';
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  truncate,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCK_FILE } from './data-dir-lock.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { seed } from './seed.js';
import { markTemplatePending } from './seed-template.repo.js';

const DB_DIR = new URL('./', import.meta.url);
export const TEMPLATE_FILE = fileURLToPath(
  new URL('../../dist/server/pglite-template.tar', import.meta.url),
);
const keyFile = (file: string) => `${file}.key`;
/**
 * The archive's first entry: the full size of each file stored without its
 * trailing zeros (the write-ahead log's two 16 MB segments are mostly
 * zeros). The copy is extended to that size, sparse (issue 15 part 5).
 */
const SIZES_ENTRY = '.template-sizes.json';

/** Changes whenever PGlite, a migration or a module of server/db changes. */
export async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const pglitePackage = new URL(
    '../../node_modules/@electric-sql/pglite/package.json',
    import.meta.url,
  );
  hash.update(await readFile(pglitePackage).catch(() => 'unknown pglite'));
  for (const dir of [DB_DIR, new URL('migrations/', DB_DIR)]) {
    for (const name of (await readdir(dir)).filter((n) => /\.(ts|sql)$/.test(n)).sort()) {
      hash.update(name).update(await readFile(new URL(name, dir)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** The build's template when it was made from this code, else undefined. */
async function readTemplate(file: string): Promise<Buffer | undefined> {
  const [key, stored] = await Promise.all([
    templateKey(),
    readFile(keyFile(file), 'utf8').catch(() => undefined),
  ]);
  if (stored?.trim() !== key) return undefined;
  return readFile(file).catch(() => undefined);
}

interface TarEntry {
  path: string;
  directory: boolean;
  content: Buffer;
  /** The file's full size when its trailing zeros were left out (SIZES_ENTRY). */
  size?: number;
}

const text = (block: Buffer, from: number, length: number) => {
  const field = block.subarray(from, from + length);
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? length : end).toString('utf8');
};

/** The entries of a ustar archive of files and directories (tarDirectory writes one). */
function* tarEntries(tar: Buffer): Generator<TarEntry> {
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    const name = text(header, 0, 100);
    if (!name) return; // the two zero blocks that end the archive
    const prefix = header.subarray(257, 262).toString() === 'ustar' ? text(header, 345, 155) : '';
    const size = parseInt(text(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    if (!['0', '\0', '5'].includes(type) || !Number.isFinite(size))
      throw new Error(`unexpected tar entry ${name} of type ${type}`);
    const content = tar.subarray(at + 512, at + 512 + size);
    yield { path: prefix ? `${prefix}/${name}` : name, directory: type === '5', content };
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

/**
 * Writes the build's template into `dir`, a data directory that holds no
 * database; false when there is no template for this code (pglite.ts then
 * runs initdb). Files are written by Node with the thread pool, several
 * times faster than PGlite's loadDataDir through its emulated file system,
 * and PG_VERSION last, so that an interrupted copy is started over (a
 * directory without PG_VERSION holds no database).
 */
export async function installTemplate(dir: string, file = TEMPLATE_FILE): Promise<boolean> {
  // Not compressed: gunzip took 180-400 ms of a cold start (issue 15 part 5).
  const tar = await readTemplate(file);
  if (!tar) return false;
  const root = normalize(dir);
  const files: TarEntry[] = [];
  let version: TarEntry | undefined;
  let sizes: Record<string, number> = {};
  for (const entry of tarEntries(tar)) {
    if (entry.path === SIZES_ENTRY) {
      sizes = JSON.parse(entry.content.toString('utf8')) as Record<string, number>;
      continue;
    }
    const target = normalize(join(root, entry.path));
    if (!target.startsWith(root + sep))
      throw new Error(`tar entry outside the data directory: ${entry.path}`);
    const relative = target.slice(root.length + 1);
    // A lock of the process that made the dump, not of this one.
    if (relative === 'postmaster.pid') continue;
    if (entry.directory) await mkdir(target, { recursive: true, mode: 0o700 });
    else if (relative === 'PG_VERSION') version = { ...entry, path: target };
    else files.push({ ...entry, path: target, size: sizes[entry.path] });
  }
  if (!version) throw new Error('the PGlite template holds no PG_VERSION');
  await Promise.all(
    files.map(async (file) => {
      await mkdir(dirname(file.path), { recursive: true, mode: 0o700 });
      await writeFile(file.path, file.content, { mode: 0o600 });
      if (file.size !== undefined && file.size > file.content.length)
        await truncate(file.path, file.size);
    }),
  );
  await writeFile(version.path, version.content, { mode: 0o600 });
  return true;
}

function tarHeader(path: string, size: number, directory: boolean): Buffer {
  const header = Buffer.alloc(512);
  const field = (value: string, at: number, length: number) =>
    header.write(value.slice(0, length), at, length, 'utf8');
  const octal = (value: number, at: number, length: number) =>
    field(`${value.toString(8).padStart(length - 1, '0')}\0`, at, length);
  if (Buffer.byteLength(path) > 100) throw new Error(`path too long for the template: ${path}`);
  field(path, 0, 100);
  octal(directory ? 0o700 : 0o600, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(0, 136, 12);
  header[156] = directory ? 0x35 : 0x30;
  field('ustar\0', 257, 6);
  field('00', 263, 2);
  header.fill(0x20, 148, 156); // the checksum counts its own field as spaces
  let sum = 0;
  for (const byte of header) sum += byte;
  field(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return header;
}

/** The content up to its last non-zero byte, rounded up to a tar block. */
function withoutTrailingZeros(content: Buffer): Buffer {
  let end = content.length;
  while (end > 0 && content[end - 1] === 0) end--;
  return content.subarray(0, Math.min(content.length, Math.ceil(end / 512) * 512));
}

/**
 * A ustar archive of a data directory (without lock files), in the form
 * tarEntries reads; files are stored without their trailing zeros, with
 * their sizes in the first entry (SIZES_ENTRY).
 */
async function tarDirectory(dir: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  const sizes: Record<string, number> = {};
  const walk = async (relative: string): Promise<void> => {
    const entries = await readdir(join(dir, relative), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        parts.push(tarHeader(path, 0, true));
        await walk(path);
      } else if (entry.isFile() && !['postmaster.pid', LOCK_FILE].includes(path)) {
        const full = await readFile(join(dir, path));
        const content = withoutTrailingZeros(full);
        if (content.length < full.length) sizes[path] = full.length;
        parts.push(tarHeader(path, content.length, false), content);
        parts.push(Buffer.alloc((512 - (content.length % 512)) % 512));
      }
    }
  };
  await walk('');
  parts.push(Buffer.alloc(1024));
  const manifest = Buffer.from(JSON.stringify(sizes));
  const padding = Buffer.alloc((512 - (manifest.length % 512)) % 512);
  return Buffer.concat([
    tarHeader(SIZES_ENTRY, manifest.length, false),
    manifest,
    padding,
    ...parts,
  ]);
}

/**
 * Migrates and seeds a new data directory, marks it so that its first start
 * dates the seed's date-relative rows on that day, and closes it cleanly:
 * a directory copied from a live database would replay its write-ahead log
 * at every first start (about 0.7 s here).
 */
async function buildTemplateDirectory(dir: string, now: Date): Promise<void> {
  const db = await openPglite(dir);
  try {
    await migrate(db);
    await seed(db, { now });
    await markTemplatePending(db);
  } finally {
    await db.close();
  }
}

/**
 * Writes the template and its key (npm run build, scripts/build-server.ts);
 * `now` is the seed's day (tests), by default the build's.
 */
export async function writeTemplate(
  file = TEMPLATE_FILE,
  { now = new Date() }: { now?: Date } = {},
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'imaging-pglite-template-'));
  try {
    await buildTemplateDirectory(dir, now);
    const [tar, key] = await Promise.all([tarDirectory(dir), templateKey()]);
    await mkdir(dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, tar);
    await rename(partial, file);
    await writeFile(keyFile(file), `${key}\n`);
    return file;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
