import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// define-widget.ts was written against these exact versions of r2wc's
// internals (see the comment there); tests/browser/define-widget.test.ts proves
// the behaviour. An upgrade must re-read @r2wc/core's dist/core.js and move
// these pins on purpose.
const PINNED = { '@r2wc/react-to-web-component': '2.1.1', '@r2wc/core': '1.3.1' };

const require = createRequire(import.meta.url);

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

describe('r2wc internals that define-widget relies on', () => {
  it.each(Object.entries(PINNED))('%s is the version they were read from', (name, version) => {
    const pkg = JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(pkg.version, `re-read src/element/define-widget.ts against ${name}`).toBe(version);
  });

  it('core still keys its props and render method by the global symbols', () => {
    const core = readFileSync(join(packageDir('@r2wc/core'), 'dist', 'core.js'), 'utf8');
    expect(core).toContain('Symbol.for("r2wc.props")');
    expect(core).toContain('Symbol.for("r2wc.render")');
    expect(core).toMatch(/attributeChangedCallback\(/);
  });
});
