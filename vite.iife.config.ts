import { defineConfig } from 'vite';

/** Every element in one classic script, for pages that cannot load modules. */
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/elements',
    emptyOutDir: false,
    target: 'es2020',
    minify: true,
    lib: {
      entry: 'widgets/index.ts',
      name: 'ImagingElements',
      formats: ['iife'],
      fileName: () => 'imaging-elements.iife.js',
    },
  },
});
