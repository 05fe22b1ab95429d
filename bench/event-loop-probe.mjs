// Loaded into the built server by the bench (NODE_OPTIONS=--import <this file>, bench "team-vote"): how
// long the server's event loop was held up. SIGUSR1 starts a measurement afresh; SIGUSR2 writes
// { p50, p99, max, samples } (delays in ms) to EVENT_LOOP_PROBE_FILE and starts afresh too.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import process from 'node:process';
import { setTimeout } from 'node:timers';
import { isMainThread } from 'node:worker_threads';

const RESOLUTION_MS = 10;
const file = process.env.EVENT_LOOP_PROBE_FILE;

// Worker threads (PDF rendering) have loops of their own and receive no signals.
if (isMainThread && file) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const ms = (nanoseconds) => nanoseconds / 1e6;
  const report = () => {
    const delays = {
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      samples: histogram.count,
    };
    histogram.reset();
    // Renamed into place, so the bench never reads half a file.
    fs.writeFileSync(`${file}.partial`, JSON.stringify(delays));
    fs.renameSync(`${file}.partial`, file);
  };
  process.on('SIGUSR1', () => histogram.reset());
  // A signal that waited for a blocked loop is handled before the histogram's timer has recorded that
  // block: report once the timer has run.
  process.on('SIGUSR2', () => setTimeout(report, 2 * RESOLUTION_MS));
}
