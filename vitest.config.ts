import { defineConfig } from 'vitest/config';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'widgets/**/*.test.{ts,tsx}',
      'server/test/**/*.test.ts',
      'demo/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
