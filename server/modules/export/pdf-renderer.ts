import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { LIMITS } from '../../../shared/limits.ts';
import { createSemaphore } from '../../semaphore.ts';
import type { RenderReply, RenderRequest } from './pdf-render-worker.ts';
import type { ExportReport } from './service.ts';

/** A render taking longer is stuck (a two-page report takes ~50 ms): its worker is ended, the export fails. */
const RENDER_TIMEOUT_MS = 30_000;
/** A runaway render runs its own worker out of memory, not the server. */
const WORKER_HEAP_MB = 256;

const here = fileURLToPath(import.meta.url);
// Beside this file: .ts from source (tests, `npm run dev`), .js when built.
const extension = path.extname(here);
const entry = path.join(path.dirname(here), `pdf-render-worker${extension}`);

function startThread(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  if (extension !== '.ts') return new Worker(entry, options);
  // From source the worker needs tsx like the server, but Node 20 applies no `--import` to a worker's
  // entry: a bootstrap registers tsx inside the worker first, then imports the entry.
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const source = JSON.stringify(pathToFileURL(entry).href);
  const bootstrap = `import(${tsx}).then(({ register }) => { register(); return import(${source}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

interface RenderJob {
  id: number;
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
  timeout: NodeJS.Timeout;
}

interface PdfWorker {
  thread: Worker;
  job: RenderJob | undefined;
  /** Dying (crashed, timed out, or the renderer closes): takes no further render. */
  isEnding: boolean;
}

/**
 * Renders PDFs in worker threads, so pdfkit's synchronous layout never blocks the event loop: at most
 * `rendersAtOnce` at a time (later ones wait their turn), each worker one render at a time. Workers
 * start on the first PDF (the cold start stays as it was), are reused, and end when the app closes.
 * A worker that dies or hangs fails only its own render; the next one starts a new worker.
 */
export function createPdfRenderer({
  rendersAtOnce = LIMITS.export.pdfRendersAtOnce,
  renderTimeoutMs = RENDER_TIMEOUT_MS,
}: { rendersAtOnce?: number; renderTimeoutMs?: number } = {}) {
  const slots = createSemaphore(rendersAtOnce);
  const live = new Set<PdfWorker>();
  const idle: PdfWorker[] = [];
  let nextId = 1;
  let isClosed = false;

  function finish(worker: PdfWorker, outcome: { pdf: Buffer } | { error: Error }): void {
    const { job } = worker;
    if (!job) return;
    worker.job = undefined;
    clearTimeout(job.timeout);
    // Idle: no longer keeps the server's event loop alive.
    worker.thread.unref();
    if ('pdf' in outcome) job.resolve(outcome.pdf);
    else job.reject(outcome.error);
  }

  function end(worker: PdfWorker): Promise<number> {
    worker.isEnding = true;
    return worker.thread.terminate();
  }

  function start(): PdfWorker {
    const worker: PdfWorker = { thread: startThread(), job: undefined, isEnding: false };
    live.add(worker);
    worker.thread.on('message', (reply: RenderReply) => {
      if (reply.id !== worker.job?.id) return;
      if ('pdf' in reply) finish(worker, { pdf: Buffer.from(reply.pdf) });
      else finish(worker, { error: new Error(`rendering the PDF failed in its worker: ${reply.failure}`) });
    });
    worker.thread.on('messageerror', (error) => finish(worker, { error }));
    // An uncaught error ends the worker ('exit' follows); without this listener it would end the server.
    worker.thread.on('error', (error) => {
      worker.isEnding = true;
      finish(worker, { error });
    });
    worker.thread.once('exit', (code) => {
      live.delete(worker);
      const index = idle.indexOf(worker);
      if (index !== -1) idle.splice(index, 1);
      finish(worker, { error: new Error(`the PDF worker exited (code ${code}) while rendering`) });
    });
    return worker;
  }

  function renderOn(worker: PdfWorker, report: ExportReport): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const id = nextId++;
      const timeout = setTimeout(() => {
        finish(worker, { error: new Error(`rendering the PDF took longer than ${renderTimeoutMs} ms`) });
        void end(worker);
      }, renderTimeoutMs);
      worker.job = { id, resolve, reject, timeout };
      worker.thread.ref();
      try {
        worker.thread.postMessage({ id, report } satisfies RenderRequest);
      } catch (error) {
        finish(worker, { error: error instanceof Error ? error : new Error(String(error)) });
      }
    });
  }

  return {
    /** The PDF of `report`, rendered in a worker thread. */
    render(report: ExportReport): Promise<Buffer> {
      return slots.run(async () => {
        if (isClosed) throw new Error('the PDF renderer is closed');
        const worker = idle.pop() ?? start();
        try {
          return await renderOn(worker, report);
        } finally {
          if (live.has(worker) && !worker.isEnding) idle.push(worker);
        }
      });
    },

    /** Worker threads running now, busy or idle (for tests and diagnostics). */
    get workerCount(): number {
      return live.size;
    },

    /** Ends every worker now (the app closes); renders still running fail. */
    async close(): Promise<void> {
      isClosed = true;
      idle.length = 0;
      await Promise.all([...live].map(end));
    },
  };
}

export type PdfRenderer = ReturnType<typeof createPdfRenderer>;
