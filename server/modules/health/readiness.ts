/**
 * Whether this instance should get new traffic. It stops the moment shutdown begins (main.ts), while
 * requests keep being served for the drain delay, so a proxy polling GET /api/ready routes elsewhere
 * before connections close. Liveness (GET /api/health) is unaffected.
 */
export function createReadiness() {
  let isDraining = false;
  return {
    get isDraining(): boolean {
      return isDraining;
    },
    startDraining(): void {
      isDraining = true;
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
