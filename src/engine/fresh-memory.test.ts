import { describe, expect, it } from 'vitest'
import { TOUCH_BYTES, touchFresh } from './fresh-memory.ts'

function countSteps(steps: Generator<void, void, undefined>): number {
  let count = 0
  while (steps.next().done !== true) count++
  return count
}

describe('touchFresh', () => {
  it('writes a large fresh array a megabyte per step, leaving zeros', () => {
    const array = new Float64Array((5 * TOUCH_BYTES) / 8 + 3)
    expect(countSteps(touchFresh(array))).toBe(6)
    expect(array.every((value) => value === 0)).toBe(true)
  })

  it('leaves an array of a megabyte or less to its first writes (no step)', () => {
    expect(countSteps(touchFresh(new Int32Array(TOUCH_BYTES / 4)))).toBe(0)
    expect(countSteps(touchFresh(new Uint8Array(10)))).toBe(0)
  })
})
