// Long engine work as steps: generators that yield between slices of work (a chunk, a few thousand
// records), so a host can give its thread to other work in between and stop a search that runs
// too long. The engine only yields; when to pause, and for how long a search may run, is the host's
// choice (a `StepRunner`). Run to the end at once, steps cost next to nothing.

/** Work that yields between its slices and returns a `T`. */
export type Steps<T> = Generator<void, T, undefined>

/** Drives steps to their result: at once, or spread over time by a host. */
export type StepRunner = <T>(steps: Steps<T>) => Promise<T>

/** Runs steps to their result without pausing. */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next()
    if (step.done === true) return step.value
  }
}

/** A runner that never pauses (the default where nothing else waits for the thread). */
export const runAtOnce: StepRunner = async (steps) => runToEnd(steps)

/** Loop iterations between two yields in a tight per-record loop (about a millisecond of work). */
export const RECORDS_PER_STEP = 1 << 16
