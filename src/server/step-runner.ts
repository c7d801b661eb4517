// How the server drives the engine's long work (engine/steps.ts): in slices of a few milliseconds,
// giving the event loop back between them (so other requests, a client hanging up or SIGTERM are
// handled meanwhile), and stopped past `--statement-timeout` with the store's time-out error (the
// 409 `Query took too long` PostgreSQL's store gives too).
import { StoreTimeoutError, type StepRunner } from '../engine/index.ts'

export interface StepRunnerOptions {
  /** Seconds one search may run, pauses included (`--statement-timeout`). */
  timeoutSeconds: number
  /** Longest run of steps before the event loop gets a turn (default 8 ms). */
  sliceMilliseconds?: number
  /** The clock (tests). */
  now?: () => number
}

const DEFAULT_SLICE_MS = 8

/** Resolves after the event loop's next turn (other requests' I/O included): what the server awaits between slices. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

export function createStepRunner(options: StepRunnerOptions): StepRunner {
  const now = options.now ?? (() => performance.now())
  const slice = options.sliceMilliseconds ?? DEFAULT_SLICE_MS
  return async (steps) => {
    const deadline = now() + options.timeoutSeconds * 1000
    for (;;) {
      const sliceEnd = now() + slice
      for (;;) {
        const step = steps.next()
        if (step.done === true) return step.value
        const time = now()
        if (time > deadline) {
          steps.return(undefined as never)
          throw new StoreTimeoutError(options.timeoutSeconds)
        }
        if (time >= sliceEnd) break
      }
      await nextTurn()
    }
  }
}
