/**
 * npm run build:server (the last step of npm run build): bundles the
 * reference API (server/main.ts) into one ES module, dist/server/main.js, so
 * a start loads one file instead of transpiling some 200 TypeScript modules
 * with tsx, and writes the migrated and seeded PGlite database that a first
 * start loads (server/db/pglite-template.ts). Issue 15, part 5; the
 * measurements are in docs/decisions.md "Start-up and scale-out".
 *
 * The bundle is a start-up form of the sources, not a standalone artefact:
 * packages stay in node_modules, and each bundled file's `import.meta.url`
 * is rewritten to that file's own location (relative to the bundle), so
 * paths such as server/db/migrations/ and package.json resolve exactly as
 * they do under tsx.
 */
import { readFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { writeTemplate } from '../server/db/pglite-template.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_BUNDLE = `${ROOT}dist/server/main.js`;

/** `import.meta.url` of each source file, as a URL relative to the bundle's own. */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = relative(dirname(SERVER_BUNDLE), path).split('\\').join('/');
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

await build({
  entryPoints: [`${ROOT}server/main.ts`],
  outfile: SERVER_BUNDLE,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  plugins: [ownImportMetaUrl],
  logLevel: 'warning',
});
console.log(`server bundle: ${relative(ROOT, SERVER_BUNDLE)}`);
const started = performance.now();
const template = await writeTemplate();
console.log(
  `PGlite template: ${relative(ROOT, template)} (${Math.round(performance.now() - started)} ms)`,
);
