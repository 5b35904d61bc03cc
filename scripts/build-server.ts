/**
 * npm run build:server (the last step of npm run build): bundles the
 * reference API (server/main.ts) into one ES module, dist/server/main.js, so
 * a start loads one file instead of transpiling some 200 TypeScript modules
 * with tsx, and writes the migrated and seeded PGlite database that a first
 * start loads (server/db/pglite-template.ts). Issue 15, part 5; the
 * measurements are in docs/decisions.md "Start-up and scale-out".
 *
 * The bundle is a start-up form of the sources and packages, not a
 * standalone artefact: it runs beside server/ and node_modules, whose files
 * (migrations, package.json, PGlite's WebAssembly) each bundled module
 * still finds at its own location (ownLocation below).
 */
import { execFileSync } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { writeTemplate } from '../server/db/pglite-template.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_BUNDLE = `${ROOT}dist/server/main.js`;

const fromBundle = (path: string) =>
  JSON.stringify(relative(dirname(SERVER_BUNDLE), path).split('\\').join('/'));

/**
 * Each bundled file keeps its own location: `import.meta.url` in the
 * sources, and `__dirname` and `__filename` in CommonJS packages, become
 * that file's path relative to the bundle.
 */
const ownLocation: Plugin = {
  name: 'own-location',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const url = `new URL(${fromBundle(path)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
    esbuild.onLoad({ filter: /node_modules.*\.c?js$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      if (!/\b__(dirname|filename)\b/.test(source)) return undefined;
      // Not import.meta here: esbuild would take the package for an ES module.
      const own =
        `var __filename = require('node:path').join(bundleDirectory, ${fromBundle(path)});` +
        `var __dirname = require('node:path').dirname(__filename);`;
      return { contents: own + source, loader: 'js' };
    });
  },
};

function gitHash(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  } catch {
    return 'dev';
  }
}

// Only this build's files: the previous build's go first.
const OUT_DIR = dirname(SERVER_BUNDLE);
for (const name of await readdir(OUT_DIR).catch(() => []))
  if (/\.js(\.map)?$/.test(name)) await rm(`${OUT_DIR}/${name}`);

await build({
  entryPoints: { main: `${ROOT}server/main.ts`, cluster: `${ROOT}server/cluster.ts` },
  outdir: OUT_DIR,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // PGlite finds its WebAssembly and data files beside its own modules; pg-native is optional;
  // dcmjs (1 MB) is imported on the first DICOM request, not parsed at every start (issue 17).
  external: ['@electric-sql/pglite', '@electric-sql/pglite/*', 'pg-native', 'dcmjs'],
  // CommonJS packages inside an ES module bundle.
  banner: {
    js: [
      "import { createRequire as bundleRequire } from 'node:module';",
      "import { fileURLToPath as bundleFilePath } from 'node:url';",
      'const require = bundleRequire(import.meta.url);',
      "const bundleDirectory = bundleFilePath(new URL('.', import.meta.url));",
    ].join(' '),
  },
  define: { __BUILD_VERSION_HASH__: JSON.stringify(gitHash() || 'dev') },
  sourcemap: true,
  plugins: [ownLocation],
  // Smaller to parse at each start; names stay for stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
console.log(`server bundle: ${relative(ROOT, SERVER_BUNDLE)} (and cluster.js beside it)`);
const started = performance.now();
const template = await writeTemplate();
console.log(
  `PGlite template: ${relative(ROOT, template)} (${Math.round(performance.now() - started)} ms)`,
);
