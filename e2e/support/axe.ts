import { AxeBuilder } from '@axe-core/playwright';
import { test, type Page } from '@playwright/test';

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

/** WCAG 2.1 A/AA violations of impact serious or critical, in a shape that reads well in a diff. */
export async function seriousViolations(page: Page) {
  await waitUntilSettled(page);
  const started = performance.now();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  // What the scans cost, summed up by support/slowest-reporter.ts at the end of a run.
  test
    .info()
    .annotations.push({ type: 'axe-ms', description: String(Math.round(performance.now() - started)) });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target.join(' ')) }));
}
