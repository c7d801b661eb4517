// Runs the engine's background index steps for a freshly loaded table, one step per macrotask, so
// requests (and cancels) that arrive meanwhile are answered between steps. Used by the demo worker
// (which also prepares summaries: it computes them) and the server after a load.
import { backgroundIndexSteps, type BackgroundIndexOptions, type Table } from '../engine/index.ts'

export function indexWhenIdle(table: Table, options: BackgroundIndexOptions = {}): Promise<void> {
  const steps = backgroundIndexSteps(table, options)
  return new Promise((resolve) => {
    const step = (): void => {
      if (steps.next().done === true) resolve()
      else setTimeout(step, 0)
    }
    setTimeout(step, 0)
  })
}
