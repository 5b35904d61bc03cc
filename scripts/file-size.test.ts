/**
 * No source file over 300 lines outside seed data and tests
 * (docs/architecture.md "Layers and imports"): a file that grows past it is
 * split along its seams before it lands.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const LIMIT = 300;
const SOURCE = /\.(ts|tsx|css|js|mjs)$/;
const EXEMPT = [
  /\.test\.tsx?$/,
  /(^|\/)test\//,
  /^tests\//,
  /(^|\/)seed[^/]*\.ts$/,
  /\.d\.ts$/,
  /\.fixture\.ts$/,
];

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => SOURCE.test(file) && !EXEMPT.some((rule) => rule.test(file)));
}

describe('file size', () => {
  it(`no source file is over ${LIMIT} lines (seed data and tests excepted)`, () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter((entry) => entry.lines > LIMIT)
      .map((entry) => `${entry.file}: ${entry.lines}`);
    expect(long).toEqual([]);
  });
});
