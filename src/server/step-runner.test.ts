import { describe, expect, it } from 'vitest'
import { StoreTimeoutError, type Steps } from '../engine/index.ts'
import { createStepRunner } from './step-runner.ts'

/** Steps that each advance a fake clock by `stepMs`, `count` of them, then return `count`. */
function* ticking(clock: { time: number }, count: number, stepMs: number, finished: { value: boolean }): Steps<number> {
  try {
    for (let i = 0; i < count; i++) {
      clock.time += stepMs
      yield
    }
    return count
  } finally {
    finished.value = true
  }
}

describe('the server step runner', () => {
  it('runs steps to their result, giving the event loop a turn after each slice', async () => {
    const clock = { time: 0 }
    const run = createStepRunner({ timeoutSeconds: 10, sliceMilliseconds: 8, now: () => clock.time })
    let turns = 0
    let counting = true
    const count = (): void => {
      turns++
      if (counting) setImmediate(count)
    }
    setImmediate(count)
    const finished = { value: false }
    expect(await run(ticking(clock, 100, 1, finished))).toBe(100)
    counting = false
    expect(finished.value).toBe(true)
    // 100 ms of steps in slices of 8 ms: other work had about a dozen turns between slices
    expect(turns).toBeGreaterThanOrEqual(10)
  })

  it('stops steps past the time limit with a StoreTimeoutError and closes them', async () => {
    const clock = { time: 0 }
    const run = createStepRunner({ timeoutSeconds: 0.05, now: () => clock.time })
    const finished = { value: false }
    await expect(run(ticking(clock, 1000, 1, finished))).rejects.toBeInstanceOf(StoreTimeoutError)
    expect(finished.value).toBe(true)
    expect(clock.time).toBeLessThan(60)
  })
})
