import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { citedRequirements, compareIds, parseRequirementRules } from './requirements-ids';

const root = resolve(import.meta.dirname, '..');

describe('docs/requirements.md', () => {
  it('lists every requirement id the code and tests cite', () => {
    const doc = readFileSync(join(root, 'docs', 'requirements.md'), 'utf8');
    const listed = new Set(doc.match(/\*\*(R-[\w.-]+)\*\*/g)?.map((m) => m.slice(2, -2)));
    const missing = [...citedRequirements(root).byId.keys()].filter((id) => !listed.has(id));
    expect(missing, 'run: npx tsx scripts/requirements-doc.ts').toEqual([]);
  });

  it('gives every listed id a rule from the shared list', () => {
    const doc = readFileSync(join(root, 'docs', 'requirements.md'), 'utf8');
    expect(doc).not.toContain('(not in the shared list)');
  });

  it('orders ids by section number, not as text', () => {
    expect(['R-2.10-01', 'R-4-kiosk-01', 'R-2.3-07', 'R-1-02'].sort(compareIds)).toEqual([
      'R-1-02',
      'R-2.3-07',
      'R-2.10-01',
      'R-4-kiosk-01',
    ]);
  });

  it('reads the rules of the shared list', () => {
    const rules = parseRequirementRules('- R-1-01 [booking] Anonymous patients can book.\n');
    expect(rules.get('R-1-01')).toBe('[booking] Anonymous patients can book.');
  });
});
