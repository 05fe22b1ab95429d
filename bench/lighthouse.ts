// The Lighthouse step of `npm run bench` (BENCH_ONLY=lighthouse): DESIGN.md's first-paint budget on
// the prerendered public pages, measured against the built app as `npm run serve` runs it, in
// Debian's Chromium. It prints and records; it asserts nothing (not a test).
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PRERENDERED_PAGES } from '../shared/prerendered-pages.ts';

/** bench/run.ts's record(): one budget line. */
type RecordBudget = (name: string, measured: string, budget: string, isWithinBudget: boolean) => void;

const root = path.resolve(import.meta.dirname, '..');
const lighthouseCli = path.join(root, 'node_modules/lighthouse/cli/index.js');
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const execFileAsync = promisify(execFile);

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const BUDGET = { performance: 95, otherCategories: 100, lcpMs: 2000, cls: 0.05, tbtMs: 150 };

interface LighthouseReport {
  categories: Record<Category, { score: number | null }>;
  audits: Record<string, { numericValue?: number } | undefined>;
  runtimeError?: { message: string };
}

/** Lighthouse with its defaults: mobile, simulated slow 4G and 4× CPU slowdown. */
async function runLighthouse(url: string, reportFile: string): Promise<LighthouseReport> {
  await execFileAsync(
    process.execPath,
    [
      lighthouseCli,
      url,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      `--only-categories=${CATEGORIES.join(',')}`,
      '--output=json',
      `--output-path=${reportFile}`,
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: chromePath } },
  );
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as LighthouseReport;
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.message}`);
  return report;
}

async function waitForHealth(base: string): Promise<void> {
  const startedAt = performance.now();
  while (performance.now() - startedAt < 30_000) {
    const isHealthy = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isHealthy) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the built app did not become healthy in 30 s');
}

function recordPage(record: RecordBudget, pagePath: string, report: LighthouseReport): void {
  const [performance, accessibility, bestPractices, seo] = CATEGORIES.map((category) =>
    Math.round((report.categories[category].score ?? 0) * 100),
  ) as [number, number, number, number];
  const metric = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
  const lcp = metric('largest-contentful-paint');
  const cls = metric('cumulative-layout-shift');
  const tbt = metric('total-blocking-time');
  const fcp = metric('first-contentful-paint');
  record(
    `Lighthouse mobile ${pagePath}`,
    `performance ${performance}, accessibility ${accessibility}, best practices ${bestPractices}, SEO ${seo}; ` +
      `LCP ${(lcp / 1000).toFixed(2)} s, CLS ${cls.toFixed(3)}, TBT ${tbt.toFixed(0)} ms, FCP ${(fcp / 1000).toFixed(2)} s`,
    `performance ≥ ${BUDGET.performance}, the others ${BUDGET.otherCategories}; ` +
      `LCP ≤ ${BUDGET.lcpMs / 1000} s, CLS ≤ ${BUDGET.cls}, TBT ≤ ${BUDGET.tbtMs} ms`,
    performance >= BUDGET.performance &&
      [accessibility, bestPractices, seo].every((score) => score >= BUDGET.otherCategories) &&
      lcp <= BUDGET.lcpMs &&
      cls <= BUDGET.cls &&
      tbt <= BUDGET.tbtMs,
  );
}

export async function benchLighthouse(record: RecordBudget): Promise<void> {
  if (!fs.existsSync(chromePath)) {
    throw new Error(
      `Lighthouse needs Chromium at ${chromePath}: run bash e2e/ensure-chromium.sh or set CHROME_PATH`,
    );
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-bench-lighthouse-'));
  const port = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3314);
  const base = `http://127.0.0.1:${port}`;
  // Started as `npm run serve` starts it, on a fresh database: the project's own compression,
  // caching and prerendered pages are what gets measured.
  const server = spawn(process.execPath, [path.join(root, 'dist/server/server/main.js')], {
    // No proxy to drain from: stop at once (SHUTDOWN_DRAIN_MS defaults to 5 s).
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(base);
    for (const pagePath of Object.values(PRERENDERED_PAGES)) {
      const report = await runLighthouse(`${base}${pagePath}`, path.join(dataDir, 'lighthouse.json'));
      recordPage(record, pagePath, report);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
