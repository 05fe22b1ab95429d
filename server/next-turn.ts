/**
 * Resolves after the event loop went round once: timers, sockets and other requests had their turn.
 * Long synchronous work is split with it (issue 27: no turn of the loop above 50 ms).
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
