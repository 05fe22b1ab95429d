import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints the ten slowest tests after a run, so the suite's time budget has names attached, and what the
 * axe scans cost in all (support/axe.ts notes each scan's time as an `axe-ms` annotation).
 */
export default class SlowestTestsReporter implements Reporter {
  private readonly durations: { title: string; duration: number }[] = [];
  private axeScans = 0;
  private axeMs = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    for (const annotation of result.annotations) {
      if (annotation.type !== 'axe-ms') continue;
      this.axeScans += 1;
      this.axeMs += Number(annotation.description);
    }
    const file = test.location.file.replace(/^.*\/e2e\//, 'e2e/');
    const retry = result.retry > 0 ? ` (retry ${result.retry})` : '';
    this.durations.push({
      title: `${file}:${test.location.line} ${test.title}${retry}`,
      duration: result.duration,
    });
  }

  onEnd(_result: FullResult): void {
    const slowest = [...this.durations].sort((a, b) => b.duration - a.duration).slice(0, 10);
    if (!slowest.length) return;
    console.log('\nSlowest 10 tests:');
    for (const { title, duration } of slowest)
      console.log(`  ${(duration / 1000).toFixed(1).padStart(6)} s  ${title}`);
    const total = this.durations.reduce((sum, { duration }) => sum + duration, 0);
    console.log(
      `Axe: ${this.axeScans} scans, ${(this.axeMs / 1000).toFixed(0)} s of ${(total / 1000).toFixed(0)} s test time.`,
    );
  }

  printsToStdio(): boolean {
    return false;
  }
}
