// What the store's backends used between two snapshots: a backend seen in both counts its difference,
// a backend new since the first counts from zero, and nothing read is no figure.
import { describe, expect, it } from 'vitest'
import { usedBetween } from './pg-backends.ts'

describe('the backends\' usage between two snapshots', () => {
  it('sums the differences, counting a new backend from zero', () => {
    const before = new Map([[10, { cpuMs: 100, faults: 1_000 }], [11, { cpuMs: 50, faults: 500 }]])
    const after = new Map([[10, { cpuMs: 130, faults: 1_200 }], [11, { cpuMs: 50, faults: 500 }], [12, { cpuMs: 7, faults: 90 }]])
    expect(usedBetween(before, after)).toEqual({ cpuMs: 37, faults: 290 })
  })

  it('gives no figure when no backend could be read', () => {
    expect(usedBetween(new Map(), new Map())).toBeUndefined()
  })
})
