import { readdirSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type Plugin } from 'vite';

const root = import.meta.dirname;

/** One ESM entry per widget (widgets/<name>/define.ts) plus the host pages. */
function entries(): Record<string, string> {
  const widgets = readdirSync(resolve(root, 'widgets'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(resolve(root, 'widgets', d.name, 'define.ts')))
    .map((d) => [d.name, resolve(root, 'widgets', d.name, 'define.ts')] as const);
  const pages = readdirSync(resolve(root, 'demo'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(resolve(root, 'demo', d.name, 'index.html')))
    .map((d) => [`demo-${d.name}`, resolve(root, 'demo', d.name, 'index.html')] as const);
  return Object.fromEntries([...widgets, ['index', resolve(root, 'widgets/index.ts')], ...pages]);
}

const widgetNames = () =>
  new Set(readdirSync(resolve(root, 'widgets'), { withFileTypes: true }).map((d) => d.name));

/**
 * The portal's entry (demo/portal/main.ts) starts its code only after the
 * first paint, with a dynamic import of portal.ts; this lists portal.ts's
 * chunk and its static imports as modulepreload links in the page's head, so
 * they download at once and only their evaluation waits (issue 15 part 3).
 */
function preloadPortal(): Plugin {
  return {
    name: 'preload-portal',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle || !context.path.endsWith('demo/portal/index.html')) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const portal = chunks.find((chunk) =>
          chunk.facadeModuleId?.endsWith('demo/portal/portal.ts'),
        );
        if (!portal) throw new Error('preload-portal: no chunk for demo/portal/portal.ts');
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          const chunk = chunks.find((item) => item.fileName === file);
          chunk?.imports.forEach(visit);
        };
        visit(portal.fileName);
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

export default defineConfig({
  plugins: [preloadPortal()],
  // The dev server serves the portal host page at /.
  server: { host: '127.0.0.1', proxy: { '/api': 'http://127.0.0.1:8080' } },
  oxc: { jsx: { runtime: 'automatic' } },
  define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // A stylesheet stays a file: the page's policy allows styles from 'self' and inline, not
    // data: addresses (demo/portal/background.css is small enough to be inlined otherwise).
    assetsInlineLimit: (file: string) => (file.endsWith('.css') ? false : undefined),
    // The integrations (src/integrations: analytics, error reporting, chat) load after the
    // element, whose chunks they share, and only when configured: listing their chunks for
    // preload would weigh on every element's first load for nothing. The frame's language
    // menu needs only what the frame has loaded already (its 100 kB budget). The booking
    // flow's later steps are fetched in the background after the first (StepView.tsx): their
    // 25-odd preload links were appended in one task of some 18 ms (total blocking time on a
    // slow phone, issue 15 part 3); the browser finds their imports itself.
    modulePreload: {
      resolveDependencies: (file, deps) =>
        /[\\/]integrations-[^/]*\.js$/.test(file) ||
        /\/(chat-adapter|LanguageMenu|ClinicStep|SlotStep|FormStep|ConfirmationStep)-/.test(file)
          ? []
          : deps,
    },
    rolldownOptions: {
      input: entries(),
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: (chunk) =>
          widgetNames().has(chunk.name) || chunk.name === 'index'
            ? 'elements/[name].js'
            : 'assets/[name]-[hash].js',
        chunkFileNames: 'elements/chunks/[name]-[hash].js',
        codeSplitting: {
          groups: [
            {
              // Vite's preload helper on its own: the portal's entry needs only it before the
              // first paint (demo/portal/main.ts), not the core chunk with React behind it.
              name: 'preload-helper',
              test: /vite[\\/]preload-helper/,
              priority: 10,
            },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@r2wc)[\\/]/ },
            {
              // The core every element loads first (config, i18n, API client): one chunk, so
              // lazily loaded widget steps do not split it and grow the frame's first load.
              name: 'config.store',
              test: /[\\/]src[\\/](i18n[\\/](i18n|useT|merge|locales|bundles[\\/](index|en|en-AU|en-NZ|en-CA))|stores[\\/]((config|locale)\.store|useQuietStore)|api[\\/](client|errors|retry|config|assets)|element[\\/](define-widget|useWidgetContext)|integrations[\\/]start)\.tsx?$/,
            },
            {
              // Not @nanostores/router: only the host page routes, and in this chunk it rode
              // in every element's first load (0.8 kB gzipped of the frame's).
              name: 'core',
              test: /node_modules[\\/](nanostores|@nanostores[\\/]react)[\\/]/,
            },
          ],
        },
      },
      plugins: [
        visualizer({ filename: 'dist/stats.html', gzipSize: true, template: 'treemap' }),
        visualizer({ filename: 'dist/stats.json', gzipSize: true, template: 'raw-data' }),
      ],
    },
  },
});
