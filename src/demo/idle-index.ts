// Runs the engine's background index steps for a freshly loaded table, a few ms of them per macrotask, so
// requests (and cancels) that arrive meanwhile are answered between steps. Used by the demo worker
// (which also prepares summaries: it computes them) and the server after a load.
import { backgroundIndexSteps, type BackgroundIndexOptions, type Table } from '../engine/index.ts'
import { runInSlices } from './next-task.ts'

/** Waits before each step: a turn of the event loop by default; the demo worker also waits while requests are under way. */
export type IdlePause = () => Promise<void>

const macrotask: IdlePause = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Longest run of steps between two pauses: steps are small (a few hundred KB of text each), a pause is at least a timer's turn. */
const SLICE_MS = 2

export async function indexWhenIdle(table: Table, options: BackgroundIndexOptions = {}, pause: IdlePause = macrotask): Promise<void> {
  await runInSlices(backgroundIndexSteps(table, options), SLICE_MS, pause)
}
