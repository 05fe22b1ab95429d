// Entry of the PDF worker threads started by pdf-renderer.ts (which imports its types only). pdfkit lays
// out and compresses synchronously: here that CPU time holds up no request of the server's event loop.
import { parentPort } from 'node:worker_threads';
import { renderPdf } from './pdf.ts';
import type { ExportReport } from './service.ts';

export interface RenderRequest {
  id: number;
  report: ExportReport;
}

export type RenderReply = { id: number; pdf: ArrayBuffer } | { id: number; failure: string };

/** The bytes in an ArrayBuffer of their own, so they can be transferred rather than copied. */
function ownArrayBuffer(bytes: Buffer): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) {
    return bytes.buffer as ArrayBuffer;
  }
  return new Uint8Array(bytes).buffer;
}

const port = parentPort;
if (!port) throw new Error('pdf-render-worker.ts runs as a worker thread only');

port.on('message', ({ id, report }: RenderRequest) => {
  renderPdf(report).then(
    (pdf) => {
      const bytes = ownArrayBuffer(pdf);
      port.postMessage({ id, pdf: bytes } satisfies RenderReply, [bytes]);
    },
    (error: unknown) => {
      const failure = error instanceof Error ? (error.stack ?? error.message) : String(error);
      port.postMessage({ id, failure } satisfies RenderReply);
    },
  );
});
