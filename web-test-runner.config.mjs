// Component tests of the custom elements in Debian's Chromium. Each test file
// is bundled with esbuild (TypeScript, JSX, CommonJS React, `?inline` CSS),
// so the tests run the sources, not dist/. The API is served from fixtures:
// these tests prove the elements; the journeys in tests/e2e use the real server.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';

const root = import.meta.dirname;

const inlineCss = {
  name: 'inline-css',
  setup(b) {
    b.onResolve({ filter: /\.css\?inline$/ }, (args) => {
      const file = args.path.replace(/\?inline$/, '');
      // A package's CSS (leaflet/dist/leaflet.css?inline) resolves like a module.
      const path = /^[./]/.test(file)
        ? resolve(args.resolveDir, file)
        : createRequire(resolve(args.resolveDir, 'index.js')).resolve(file);
      return { path, namespace: 'inline-css' };
    });
    b.onLoad({ filter: /.*/, namespace: 'inline-css' }, async (args) => ({
      contents: `export default ${JSON.stringify(await readFile(args.path, 'utf8'))};`,
      loader: 'js',
    }));
  },
};

const bundleTests = {
  name: 'bundle-tests',
  async serve(context) {
    if (!/\.test\.tsx?$/.test(context.path)) return undefined;
    const result = await build({
      entryPoints: [resolve(root, '.' + context.path)],
      bundle: true,
      format: 'esm',
      write: false,
      jsx: 'automatic',
      sourcemap: 'inline',
      define: { 'process.env.NODE_ENV': '"development"' },
      plugins: [inlineCss],
      // @web/test-runner-commands talks to the runner through this runtime module.
      external: ['/__web-dev-server__web-socket.js'],
    });
    return { body: result.outputFiles[0].text, type: 'js' };
  },
};

const fixtures = {
  '/api/config/portal': 'tests/fixtures/portal-config.json',
  '/api/authenticated': 'tests/fixtures/authenticated.json',
  '/api/booking/modalities': 'tests/fixtures/booking-modalities.json',
  '/api/booking/body_parts': 'tests/fixtures/booking-body-parts.json',
  '/api/booking/exams': 'tests/fixtures/booking-exams.json',
  '/api/booking/regions': 'tests/fixtures/booking-regions.json',
  '/api/booking/clinics': 'tests/fixtures/booking-clinics.json',
  '/api/booking/postal_code_location': 'tests/fixtures/booking-postal-code.json',
  '/api/booking/clinic_appointments': 'tests/fixtures/booking-clinic-appointments.intervals.json',
  '/api/booking/find_next_available': 'tests/fixtures/booking-next-available.json',
  '/api/booking/booking_key': 'tests/fixtures/booking-key.json',
  '/api/booking/appointments': 'tests/fixtures/booking-appointment.json',
  '/api/booking/booking_requests': 'tests/fixtures/booking-request.json',
  '/api/booking/code_from_location': 'tests/fixtures/booking-code-from-location.json',
  '/api/booking/group_exams': 'tests/fixtures/booking-group-exams.json',
  '/api/booking/walk_in_exams': 'tests/fixtures/booking-walk-in-exams.json',
  '/api/booking/mobile_locations': 'tests/fixtures/booking-mobile-locations.json',
  '/api/booking/reference_appointments': 'tests/fixtures/booking-reference-appointments.json',
  '/api/booking/reserve_slots': 'tests/fixtures/booking-reserve-slots.json',
  '/api/booking/pending_appointments': 'tests/fixtures/booking-appointment.json',
  '/api/booking/booking_key/update': 'tests/fixtures/booking-key-update.json',
};

async function apiFixtures(context, next) {
  const file = fixtures[context.path];
  if (file) {
    context.type = 'application/json';
    context.body = await readFile(resolve(root, file), 'utf8');
    return;
  }
  if (context.path.startsWith('/api/assets/translations')) {
    context.type = 'application/json';
    context.body = '{}';
    return;
  }
  if (context.path.startsWith('/api/assets/application/')) {
    context.type = 'image/svg+xml';
    context.body = '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"/>';
    return;
  }
  return next();
}

export default {
  files: 'tests/browser/**/*.test.ts',
  nodeResolve: false,
  concurrency: 1,
  plugins: [bundleTests],
  middleware: [apiFixtures],
  testFramework: { config: { timeout: 10000 } },
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      },
    }),
  ],
};
