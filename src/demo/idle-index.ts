// Runs the engine's background index steps for a freshly loaded table, one step per macrotask, so
// requests (and cancels) that arrive meanwhile are answered between steps. Used by the demo worker
// and the server after a load.
import { backgroundIndexSteps, type Table } from '../engine/index.ts'

export function indexWhenIdle(table: Table): Promise<void> {
  const steps = backgroundIndexSteps(table)
  return new Promise((resolve) => {
    const step = (): void => {
      if (steps.next().done === true) resolve()
      else setTimeout(step, 0)
    }
    setTimeout(step, 0)
  })
}
