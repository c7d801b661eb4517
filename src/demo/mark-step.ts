// The SQL worker's steps as `sql-worker:` user timings: a performance trace of the cold start
// (e2e/perf/sql-cold-trace.ts) places them among the worker's CPU time. Nothing else reads them.
export function markStep(step: string): void {
  performance.mark(`sql-worker:${step}`)
}
