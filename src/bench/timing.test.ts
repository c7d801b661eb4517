import { describe, expect, it } from 'vitest'
import { summarize, timeRepeated } from './timing.ts'

describe('summarize', () => {
  it('gives the median and the range of the timed runs', () => {
    expect(summarize([5, 1, 9, 3, 7])).toEqual({ medianMs: 5, minMs: 1, maxMs: 9, runs: 5 })
    expect(summarize([4, 1, 3, 2])).toEqual({ medianMs: 2.5, minMs: 1, maxMs: 4, runs: 4 })
  })

  it('refuses to summarize no runs', () => {
    expect(() => summarize([])).toThrow(/zero timed runs/)
  })
})

describe('timeRepeated', () => {
  it('runs the warm-ups and the timed runs, and returns the first answer', async () => {
    let calls = 0
    const { result, timing } = await timeRepeated(() => ++calls > 0, { warmups: 2, runs: 7 }, (a, b) => a === b)
    expect(result).toBe(true)
    expect(calls).toBe(9)
    expect(timing.runs).toBe(7)
  })

  it('fails when a repeated run answers differently', async () => {
    let calls = 0
    await expect(timeRepeated(() => ++calls, { warmups: 1, runs: 3 }, (a, b) => a === b)).rejects.toThrow(/different answer/)
  })
})
