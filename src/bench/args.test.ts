import { describe, expect, it } from 'vitest'
import { parseBenchArgs } from './args.ts'

describe('parseBenchArgs', () => {
  it('measures 1,000,000 and 100,000 records with 2 warm-ups and 7 timed runs by default', () => {
    expect(parseBenchArgs([])).toMatchObject({ sizes: [1_000_000, 100_000], warmups: 2, runs: 7, quick: false })
  })

  it('takes sizes as a list, with or without "="', () => {
    expect(parseBenchArgs(['--sizes', '100000']).sizes).toEqual([100_000])
    expect(parseBenchArgs(['--sizes=2000,1_000_000']).sizes).toEqual([2_000, 1_000_000])
  })

  it('makes --quick a short run at 100,000 records unless sizes are given', () => {
    expect(parseBenchArgs(['--quick'])).toMatchObject({ sizes: [100_000], warmups: 1, runs: 3, quick: true })
    expect(parseBenchArgs(['--quick', '--sizes', '5000']).sizes).toEqual([5_000])
  })

  it('names what is wrong with bad input', () => {
    expect(() => parseBenchArgs(['--sizes'])).toThrow(/--sizes needs a value/)
    expect(() => parseBenchArgs(['--sizes', '1e6'])).toThrow(/"1e6" is not a whole number of records/)
    expect(() => parseBenchArgs(['--sizes', '10'])).toThrow(/at least 1,000/)
    expect(() => parseBenchArgs(['--fast'])).toThrow(/Unknown option "--fast"/)
  })
})
