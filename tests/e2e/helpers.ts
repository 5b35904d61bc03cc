import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe (WCAG 2.0–2.2 A and AA; it walks open shadow roots) and expects no violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // evaluate() runs through the DevTools protocol, so the page's CSP does not block it.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            c: unknown,
            o: unknown,
          ) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
    });
    return result.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target) }));
  });
  expect(violations).toEqual([]);
}

/** Keeps a screenshot of the page as an artefact of the run. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `tests/e2e/screenshots/${name}.png`, fullPage: true });
}

/** Waits until the frame has rendered its header inside the shadow root. */
export async function frameReady(page: Page): Promise<void> {
  await expect(page.locator('imaging-frame header[part="header"]').first()).toBeVisible();
}
