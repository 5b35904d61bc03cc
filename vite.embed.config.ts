import { defineConfig } from 'vite';

/** /elements/embed.js: the iframe embed for clinic pages, one small classic script (goal ≤ 5 kB gzipped). */
export default defineConfig({
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/elements',
    emptyOutDir: false,
    target: 'es2020',
    minify: true,
    sourcemap: true,
    lib: {
      entry: 'src/messaging/embed.ts',
      name: 'ImagingEmbedScript',
      formats: ['iife'],
      fileName: () => 'embed.js',
    },
  },
});
