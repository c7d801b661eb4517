import { describe, expect, it } from 'vitest'
import { RowSlots } from './row-slots.ts'

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, offset) => from + offset)

describe('row slots', () => {
  it('gives the drawn records distinct slots, and a record that stays drawn keeps its slot', () => {
    const slots = new RowSlots()
    const first = slots.assign(range(0, 25))
    expect(new Set(first).size).toBe(25)
    const second = slots.assign(range(9, 44))
    expect(new Set(second).size).toBe(35)
    for (const index of range(9, 25)) expect(second[index - 9]).toBe(first[index])
  })

  it('hands the slots of records scrolled out to records scrolled in, using a slot more than rows drawn at most', () => {
    const slots = new RowSlots()
    slots.assign(range(0, 35))
    for (let start = 17; start < 2000; start += 17) {
      const assigned = slots.assign(range(start, start + 35))
      expect(new Set(assigned).size).toBe(35)
      expect(Math.max(...assigned)).toBeLessThanOrEqual(35)
    }
  })

  it('puts a record only in a slot of its own parity, so a row keeps its stripe whatever record it is handed', () => {
    const slots = new RowSlots()
    for (const start of [0, 7, 18, 25, 31_000, 31_003, 4]) {
      const indices = range(start, start + 33)
      slots.assign(indices).forEach((slot, drawn) => expect(slot % 2).toBe((indices[drawn] ?? 0) % 2))
    }
  })

  it('survives a jump, a shorter window and the same window asked twice', () => {
    const slots = new RowSlots()
    slots.assign(range(0, 35))
    const jumped = slots.assign(range(31_000, 31_020))
    expect(new Set(jumped).size).toBe(20)
    expect(slots.assign(range(31_000, 31_020))).toEqual(jumped)
  })
})
