// Loaded into the built server by the bench (NODE_OPTIONS=--import <this file>, bench "team-vote"): how
// long the server's event loop was held up. SIGUSR1 starts a measurement afresh; SIGUSR2 writes
// { p50, p99, max } in ms to EVENT_LOOP_PROBE_FILE and starts afresh too.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import process from 'node:process';
import { isMainThread } from 'node:worker_threads';

const file = process.env.EVENT_LOOP_PROBE_FILE;
// Worker threads (PDF rendering) have loops of their own and receive no signals.
if (isMainThread && file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (nanoseconds) => nanoseconds / 1e6;
  process.on('SIGUSR1', () => histogram.reset());
  process.on('SIGUSR2', () => {
    const delays = {
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
    };
    histogram.reset();
    // Renamed into place, so the bench never reads half a file.
    fs.writeFileSync(`${file}.partial`, JSON.stringify(delays));
    fs.renameSync(`${file}.partial`, file);
  });
}
