import fs from 'node:fs';
import { createRequire } from 'node:module';
import { test, type Page } from '@playwright/test';
import type { AxeResults, default as AxeCore } from 'axe-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits until the app has taken over the page (a prerendered page hydrates after its first paint,
 * enabling its controls: web/main.tsx sets <html data-interactive>) and no colour transition is
 * running, so axe never measures a control halfway between two looks.
 */
async function waitUntilSettled(page: Page): Promise<void> {
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
}

/**
 * Runs axe-core in the page itself, injected once per document. @axe-core/playwright's AxeBuilder
 * opened a blank page per scan to assemble its results and re-injected axe each time: 1.0–1.9 s a
 * scan against 0.2–0.5 s here, a third of the e2e suite's time over its ~170 scans. The app has no
 * frames, which is all AxeBuilder's extra work was for.
 */
async function runAxe(page: Page): Promise<AxeResults['violations']> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof AxeCore };
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return results.violations;
  }, WCAG_21_AA);
}

/** WCAG 2.1 A/AA violations of impact serious or critical, in a shape that reads well in a diff. */
export async function seriousViolations(page: Page) {
  await waitUntilSettled(page);
  const started = performance.now();
  const violations = await runAxe(page);
  // What the scans cost, summed up by support/slowest-reporter.ts at the end of a run.
  test
    .info()
    .annotations.push({ type: 'axe-ms', description: String(Math.round(performance.now() - started)) });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target.join(' ')) }));
}
