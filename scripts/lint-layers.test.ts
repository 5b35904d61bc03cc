/**
 * The layer rules of eslint.layers.js catch what they name: each deliberate
 * violation below is reported by `npm run check`'s ESLint, and the
 * contract modules stay importable from every layer.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '..') });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

const cases: [string, string, string, RegExp][] = [
  [
    'src/contract imports nothing',
    'src/contract/x.ts',
    "import { x } from '../domain/booking/slots';",
    /imports nothing/,
  ],
  [
    'src/contract imports no package',
    'src/contract/x.ts',
    "import { Type } from '@sinclair/typebox';",
    /imports nothing/,
  ],
  [
    'src/domain is pure: no React',
    'src/domain/booking/x.ts',
    "import { useState } from 'react';",
    /pure/,
  ],
  [
    'src/domain reads no store',
    'src/domain/booking/x.ts',
    "import { $a } from '../../stores/user.store';",
    /stores/,
  ],
  [
    'src/domain calls no API',
    'src/domain/booking/x.ts',
    "import { getX } from '../../api/booking';",
    /API/,
  ],
  [
    'src/ui reads no store',
    'src/ui/X.tsx',
    "import { $user } from '../stores/user.store';",
    /stores/,
  ],
  [
    'src/ui reads no widget store',
    'src/ui/X.tsx',
    "import { $x } from '../../widgets/booking/slots.store';",
    /stores/,
  ],
  [
    'src/ui calls no API',
    'src/ui/X.tsx',
    "import { getExams } from '../api/booking-catalogue';",
    /API/,
  ],
  [
    'src/api reads no store',
    'src/api/x.ts',
    "import { $user } from '../stores/user.store';",
    /stores/,
  ],
  [
    'src/api imports no widget',
    'src/api/x.ts',
    "import { x } from '../../widgets/booking/define';",
    /widget/,
  ],
  [
    'a widget imports no other widget',
    'widgets/booking/x.ts',
    "import { x } from '../questionnaire/define';",
    /another widget/,
  ],
  [
    'a widget part imports no other widget',
    'widgets/booking/parts/X.tsx',
    "import { x } from '../../pages/pages.store';",
    /another widget/,
  ],
  [
    'a widget imports no demo',
    'widgets/booking/x.ts',
    "import { x } from '../../demo/host/main';",
    /demo/,
  ],
  [
    'a widget imports no server',
    'widgets/booking/x.ts',
    "import { x } from '../../server/config';",
    /server/,
  ],
  [
    'the server imports no front-end API',
    'server/routes/x.ts',
    "import { x } from '../../src/api/booking.js';",
    /contract and src\/domain/,
  ],
  [
    'a feature imports no widget',
    'src/features/attachments/X.tsx',
    "import { x } from '../../../widgets/booking/slots.store';",
    /widget/,
  ],
  [
    'src/ui/attachments is gone: a UI part that reads the attachments store is refused',
    'src/ui/attachments/X.tsx',
    "import { $attachments } from '../../stores/attachments.store';",
    /stores/,
  ],
  [
    'an integration imports no widget',
    'src/integrations/analytics/x.ts',
    "import { $booking } from '../../../widgets/booking/booking.store';",
    /widget/,
  ],
  [
    'an integration imports no UI component',
    'src/integrations/x.ts',
    "import { Modal } from '../ui/Modal';",
    /UI components/,
  ],
  [
    'the server imports no store',
    'server/routes/x.ts',
    "import { x } from '../../src/stores/user.store.js';",
    /contract and src\/domain/,
  ],
];

describe('layer rules (docs/architecture.md "Layers and imports")', () => {
  it.each(cases)('%s', async (_name, file, code, expected) => {
    const messages = await restricted(file, `${code}\nvoid 0;\n`);
    expect(
      messages.some((m) => expected.test(m)),
      `${file}: ${code} → ${messages.join(' | ')}`,
    ).toBe(true);
  });

  it.each([
    ['src/domain/booking/x.ts', "import type { Slot } from '../../contract/booking';"],
    ['src/ui/X.tsx', "import type { PortalConfig } from '../contract/portal';"],
    ['server/routes/x.ts', "import type { Slot } from '../../src/contract/booking.js';"],
    ['src/contract/x.ts', "import type { Slot } from './booking';"],
    ['server/routes/x.ts', "import { zonedDate } from '../../src/domain/time/zoned-time.js';"],
    ['widgets/booking/x.ts', "import { x } from '../../src/domain/questionnaire/outcomes';"],
    ['widgets/booking/parts/X.tsx', "import { x } from '../slots.store';"],
    ['src/features/attachments/X.tsx', "import { $a } from '../../stores/attachments.store';"],
    ['widgets/appointment/X.tsx', "import { x } from '../../src/features/attachments/X';"],
  ])('allows %s to import %s', async (file, code) => {
    expect(await restricted(file, `${code}\nvoid 0;\n`)).toEqual([]);
  });
});
