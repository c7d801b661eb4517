// Warm-up runs, then timed runs with performance.now(): the median and the range, as the anchors did.
import type { RunSettings, Timing } from './types.ts'

export function summarize(durationsMs: readonly number[]): Timing {
  if (durationsMs.length === 0) throw new RangeError('Cannot summarize zero timed runs')
  const sorted = durationsMs.toSorted((a, b) => a - b)
  const middle = sorted.length >> 1
  const medianMs = sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  return { medianMs, minMs: sorted[0], maxMs: sorted[sorted.length - 1], runs: sorted.length }
}

/**
 * Times `work` and returns the result of the first run with the timing. Every run's result must equal
 * the first one (by `sameResult`): a query that answers differently when repeated is a bug, not noise.
 * The first run is a warm-up, but its duration is returned too: it shows indexes built lazily on first use.
 */
export async function timeRepeated<T>(
  work: () => T | Promise<T>,
  settings: RunSettings,
  sameResult: (a: T, b: T) => boolean,
): Promise<{ result: T; timing: Timing; firstRunMs: number }> {
  const firstStarted = performance.now()
  const first = await work()
  const firstRunMs = performance.now() - firstStarted
  for (let i = 1; i < settings.warmups; i++) await work()
  const durations: number[] = []
  for (let i = 0; i < settings.runs; i++) {
    const started = performance.now()
    const pending = work()
    const result = pending instanceof Promise ? await pending : pending
    durations.push(performance.now() - started)
    if (!sameResult(first, result)) throw new Error('A repeated run returned a different answer than the first run')
  }
  return { result: first, timing: summarize(durations), firstRunMs }
}
