/**
 * custom-elements.json and src/element/element-types.ts follow the
 * elements' doc comments (issue 14 part 3; STYLE.md 8): a prop without an
 * @attr line, an @attr without a prop, or a stale generated file fails the run.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findProblems, readElement, readElements, readEventDetails } from './custom-elements-read';
import { MANIFEST, TYPES, buildManifest, generate, servedManifest } from './custom-elements';

const root = resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'custom-elements-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the theme and events beside one made-up widget. */
function fixture(comment: string, props: string): string {
  const dir = mkdtempSync(join(scratch, 'root-'));
  for (const file of ['src/theme/tokens.css', 'src/element/events.ts']) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  mkdirSync(join(dir, 'widgets/probe'), { recursive: true });
  writeFileSync(
    join(dir, 'widgets/probe/define.ts'),
    `/**\n * \`<imaging-probe>\`: a probe.\n${comment}\n */\ndefineWidget({ tag: 'imaging-probe', component: Probe, props: ${props} });\n`,
  );
  return dir;
}

const problemsOf = (dir: string) =>
  findProblems(readElements(dir), readEventDetails(dir)).filter((p) => p.includes('probe'));

describe('custom-elements.json', () => {
  it('is up to date with the define.ts doc comments (run npm run elements)', async () => {
    const files = await generate(root);
    expect(readFileSync(join(root, MANIFEST), 'utf8')).toBe(files.get(MANIFEST));
  });

  it('declares every element with its tag, attributes, events, parts and CSS properties', () => {
    const manifest = buildManifest(readElements(root), readEventDetails(root));
    expect(manifest.schemaVersion).toMatch(/^2\./);
    const booking = manifest.modules.find((m) => m.path === 'dist/elements/booking.js');
    const element = booking?.declarations[0];
    expect(element).toMatchObject({ customElement: true, tagName: 'imaging-booking' });
    expect(element?.attributes).toContainEqual(
      expect.objectContaining({
        name: 'clinic-id',
        type: { text: 'number' },
        fieldName: 'clinicId',
      }),
    );
    expect(element?.events).toContainEqual(
      expect.objectContaining({
        name: 'imaging-booking-navigated',
        type: { text: 'CustomEvent<NavigationDetail>' },
      }),
    );
    expect(element?.cssParts).toContainEqual({ name: 'map' });
    expect(element?.cssProperties).toContainEqual(
      expect.objectContaining({ name: '--imaging-color-primary', default: '#0b5cad' }),
    );
    expect(booking?.exports).toEqual([
      {
        kind: 'custom-element-definition',
        name: 'imaging-booking',
        declaration: { name: 'ImagingBookingElement', module: 'dist/elements/booking.js' },
      },
    ]);
    const tags = manifest.modules.map((m) => m.declarations[0]?.tagName);
    expect(tags).toEqual(expect.arrayContaining(['imaging-frame', 'imaging-questionnaire']));
  });

  it('served beside the scripts, names each module by its path there', () => {
    const manifest = buildManifest(readElements(root), readEventDetails(root));
    const served = servedManifest(manifest);
    expect(served.modules.map((m) => m.path)).toContain('frame.js');
    expect(served.modules[0]?.exports[0]?.declaration.module).toBe(served.modules[0]?.path);
  });
});

describe('src/element/element-types.ts', () => {
  it('is up to date with the define.ts props and ImagingEventMap (run npm run elements)', async () => {
    const files = await generate(root);
    expect(readFileSync(join(root, TYPES), 'utf8')).toBe(files.get(TYPES));
  });
});

describe("the elements' doc comments", () => {
  it('give every prop of every element an @attr line, and every @attr a prop', () => {
    expect(findProblems(readElements(root), readEventDetails(root))).toEqual([]);
  });

  it('fail on a prop without an @attr line', () => {
    const dir = fixture(' * @attr path - current path', "{ path: 'string', kioskMode: 'boolean' }");
    expect(problemsOf(dir)).toEqual([
      'widgets/probe/define.ts: prop for attribute "kiosk-mode" has no @attr line',
    ]);
  });

  it('fail on an @attr that names no prop', () => {
    const dir = fixture(
      ' * @attr path - current path\n * @attr exam-slug - an exam',
      "{ path: 'string' }",
    );
    expect(problemsOf(dir)).toEqual([
      'widgets/probe/define.ts: @attr exam-slug names no prop of defineWidget',
    ]);
  });

  it('fail on an event missing from ImagingEventMap', () => {
    const dir = fixture(
      ' * @attr path - p\n * @fires imaging-probe-poked - {}',
      "{ path: 'string' }",
    );
    expect(problemsOf(dir)).toEqual([
      'widgets/probe/define.ts: @fires imaging-probe-poked is not in ImagingEventMap',
    ]);
  });

  it('read a tag text over several lines, a comma list of parts and the token set', () => {
    const dir = fixture(
      ' * @attr path - the current\n *   path, set by the host\n * @csspart a, b-c\n * @cssprop --imaging-probe-gap (a gap, in rem), --imaging-probe-line and the --imaging-* tokens',
      "{ path: 'string' }",
    );
    const probe = readElement(dir, 'probe', []);
    expect(probe.attrs).toEqual([
      { name: 'path', description: 'the current path, set by the host' },
    ]);
    expect(probe.cssParts.map((p) => p.name)).toEqual(['a', 'b-c']);
    expect(probe.cssProperties).toEqual([
      { name: '--imaging-probe-gap', description: 'a gap, in rem' },
      { name: '--imaging-probe-line', description: '' },
    ]);
    expect(readElements(dir).find((e) => e.tag === 'imaging-probe')?.cssProperties.length).toBe(
      2 +
        readFileSync(join(root, 'src/theme/tokens.css'), 'utf8').match(/^\s*--imaging-/gm)!.length,
    );
  });
});
