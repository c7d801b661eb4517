import { describe, expect, it } from 'vitest'
import { rowAfterKey } from './row-keys.ts'

describe('rowAfterKey', () => {
  it('moves one row with the arrows and stops at either end', () => {
    expect(rowAfterKey('ArrowDown', 3, 10, 5)).toBe(4)
    expect(rowAfterKey('ArrowDown', 9, 10, 5)).toBe(9)
    expect(rowAfterKey('ArrowUp', 0, 10, 5)).toBe(0)
  })
  it('jumps a screenful with Page keys and to the ends with Home and End', () => {
    expect(rowAfterKey('PageDown', 3, 10, 5)).toBe(8)
    expect(rowAfterKey('PageUp', 3, 10, 5)).toBe(0)
    expect(rowAfterKey('End', 3, 10, 5)).toBe(9)
    expect(rowAfterKey('Home', 3, 10, 5)).toBe(0)
  })
  it('leaves other keys and empty grids alone', () => {
    expect(rowAfterKey('a', 3, 10, 5)).toBeUndefined()
    expect(rowAfterKey('ArrowDown', 0, 0, 5)).toBeUndefined()
  })
})
