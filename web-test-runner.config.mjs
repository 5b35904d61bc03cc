// Component tests of the custom elements in Debian's Chromium. Each test file
// is bundled with esbuild (TypeScript, JSX, CommonJS React, `?inline` CSS),
// so the tests run the sources, not dist/. The API is served from fixtures:
// these tests prove the elements; the journeys in tests/e2e use the real server.
import { Buffer } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { tsImport } from 'tsx/esm/api';

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

// dicom-parser's UMD bundle names Node's zlib (for deflated files, which the viewer refuses).
const noNodeZlib = {
  name: 'no-node-zlib',
  setup(b) {
    b.onResolve({ filter: /^zlib$/ }, () => ({ path: 'zlib', namespace: 'empty' }));
    b.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: 'export default {};' }));
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
      plugins: [inlineCss, noNodeZlib],
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

/**
 * The image viewer's DICOMweb service, stubbed over a generated study (an
 * 80-slice CT, an RGB ultrasound, a MONOCHROME1 X-ray: tests/fixtures/dicom),
 * made once on first use; /__fixtures/dicom-study names its UIDs and token.
 */
let dicomweb;
async function dicomwebStub(context, next) {
  if (!context.path.startsWith('/dicomweb/') && context.path !== '/__fixtures/dicom-study')
    return next();
  dicomweb ??= Promise.all([
    tsImport('./tests/fixtures/dicom/generate.ts', import.meta.url),
    tsImport('./tests/fixtures/dicom/stub-dicomweb.ts', import.meta.url),
  ]).then(([generate, stub]) => {
    const study = generate.syntheticStudy();
    return { study, handle: stub.dicomwebStub([study], { token: stub.FIXTURE_TOKEN }), stub };
  });
  const { study, handle, stub } = await dicomweb;
  if (context.path === '/__fixtures/dicom-study') {
    context.type = 'application/json';
    context.body = JSON.stringify({
      studyInstanceUID: study.studyInstanceUID,
      token: stub.FIXTURE_TOKEN,
      series: study.series.map((s) => ({ uid: s.seriesInstanceUID, count: s.instances.length })),
    });
    return;
  }
  const answer = handle(context.method, context.url, context.get('authorization'));
  context.status = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) context.set(name, value);
  context.body = Buffer.from(answer.body);
}

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
  middleware: [dicomwebStub, apiFixtures],
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
