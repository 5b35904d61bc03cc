import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './tests/e2e/chromium';

const port = Number(process.env.E2E_PORT ?? 8181);

// The server sends its e-mails through a real SMTP sink (smtp-server on
// 127.0.0.1, tests/e2e/smtp-sink.mjs) that writes each mail to a file, and
// the login journeys read their one-time codes from those e-mails.
// E2E_SMTP_PORT=0 turns it off (codes then come from the development mailbox).
// Set here, so the runner (which starts the server) and its workers agree.
process.env.E2E_SMTP_PORT ??= String(port + 1000);
if (process.env.E2E_SMTP_PORT === '0') delete process.env.E2E_SMTP_FILE;
else process.env.E2E_SMTP_FILE ??= join(tmpdir(), `imaging-e2e-mails-${port}.jsonl`);

// A clinic's site on another origin (http://localhost:<port + 2000>, served by
// tests/e2e/clinic-site.ts) that the server lists in ALLOWED_ORIGINS; the
// embedding journeys also use <port + 2001> as an origin it does not list.
process.env.E2E_CLINIC_PORT ??= String(port + 2000);

/**
 * End-to-end journeys against the real server on a fresh PGlite data
 * directory, driving Debian's Chromium (browser downloads fail here).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM,
  },
  webServer: {
    command: `node tests/e2e/start-server.mjs`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port) },
    stdout: 'pipe',
  },
});
