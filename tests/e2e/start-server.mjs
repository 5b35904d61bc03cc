// Starts the real server on a fresh, throw-away data directory for the e2e run
// and removes it when Playwright stops the server.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The server as `npm start` runs it: the bundle that `npm run build` writes
// (the journeys need that build's portal anyway).
const SERVER_BUNDLE = 'dist/server/main.js';
if (!existsSync(SERVER_BUNDLE)) {
  console.error(`${SERVER_BUNDLE} is missing: run npm run build first`);
  process.exit(1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'imaging-e2e-'));
// The real SMTP sink (tests/e2e/smtp-sink.mjs): playwright.config.ts sets
// E2E_SMTP_PORT (0 turns it off); mails land as JSON lines in E2E_SMTP_FILE.
const smtpPort = process.env.E2E_SMTP_PORT === '0' ? undefined : process.env.E2E_SMTP_PORT;
let smtpSink;
if (smtpPort) {
  const { startSmtpSink } = await import('./smtp-sink.mjs');
  smtpSink = await startSmtpSink({
    port: Number(smtpPort),
    file: process.env.E2E_SMTP_FILE ?? join(dataDir, 'mails.jsonl'),
  });
}
const child = spawn(process.execPath, [SERVER_BUNDLE], {
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEV_LOGIN: '1',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // Every journey books from 127.0.0.1; the 20-a-minute creation limit per
    // address (server/test/booking-keys.test.ts proves it) would throttle the run.
    BOOKING_RATE_LIMIT_MAX: '1000',
    // And the budget of all API calls per address (server/test/security.test.ts proves it).
    RATE_LIMIT_MAX: '100000',
    // And the image-link lookups, 30 a minute per address: every referrer page asks twice
    // (server/test/image-links.test.ts and imaging-attack-results.test.ts prove the limit).
    IMAGE_LINK_RATE_LIMIT_MAX: '10000',
    // Likewise the upload budget per address for keys that have not booked
    // (server/test/upload-quota.test.ts proves it).
    UPLOAD_QUOTA_FILES: '10000',
    UPLOAD_QUOTA_BYTES: String(10 * 1024 * 1024 * 1024),
    // The clinic site of tests/e2e/embedding.spec.ts (playwright.config.ts sets the port).
    ...(process.env.E2E_CLINIC_PORT
      ? { ALLOWED_ORIGINS: `http://localhost:${process.env.E2E_CLINIC_PORT}` }
      : {}),
    ...(smtpPort ? { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } : {}),
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  smtpSink?.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
