/**
 * Writes docs/requirements.md: every requirement id (R-<section>-<nn>) the
 * code and tests cite, with its rule in one line and the files that cite it,
 * so a reader can look any id up. The rules come from the shared spec's
 * numbered list (../shared/spec/requirements.md, or REQUIREMENTS_FILE).
 *
 *   npx tsx scripts/requirements-doc.ts          # rewrite the document
 *   npx tsx scripts/requirements-doc.ts --check  # exit 1 when it is stale
 *
 * The test scripts/requirements-doc.test.ts checks, without the shared spec,
 * that every cited id is listed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  citedRequirements,
  renderRequirementsDoc,
  parseRequirementRules,
} from './requirements-ids';

const root = resolve(import.meta.dirname, '..');
const docPath = join(root, 'docs', 'requirements.md');
const rulesPath =
  process.env.REQUIREMENTS_FILE ?? resolve(root, '..', 'shared', 'spec', 'requirements.md');

if (!existsSync(rulesPath)) {
  console.error(`requirements list not found at ${rulesPath} (set REQUIREMENTS_FILE)`);
  process.exit(2);
}

const rules = parseRequirementRules(readFileSync(rulesPath, 'utf8'));
const text = renderRequirementsDoc(citedRequirements(root), rules);

if (process.argv.includes('--check')) {
  const current = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '';
  if (current !== text) {
    console.error('docs/requirements.md is stale: run npx tsx scripts/requirements-doc.ts');
    process.exit(1);
  }
} else {
  writeFileSync(docPath, text);
  console.log(`wrote ${docPath}`);
}
