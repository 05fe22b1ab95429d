import type { Reporter, TestModule } from 'vitest/node';

/** Prints the ten slowest tests after a Vitest run, so the suite's time budget has names attached. */
export default class SlowestTestsReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const durations = testModules.flatMap((testModule) =>
      [...testModule.children.allTests()].map((test) => ({
        title: `${testModule.moduleId.replace(`${process.cwd()}/`, '')} › ${test.fullName}`,
        duration: test.diagnostic()?.duration ?? 0,
      })),
    );
    const slowest = durations.sort((a, b) => b.duration - a.duration).slice(0, 10);
    if (!slowest.length) return;
    process.stdout.write('\nSlowest 10 tests:\n');
    for (const { title, duration } of slowest)
      process.stdout.write(`  ${(duration / 1000).toFixed(1).padStart(6)} s  ${title}\n`);
  }
}
