import { describe, expect, it } from 'vitest'
import { fitWidth } from './fit-width.ts'

const perChar = (text: string) => text.length * 10

describe('fit to content', () => {
  it('is as wide as the widest shown value or the header, plus padding', () => {
    const values = ['a', 'abcdefghijklmnopqrst', 'abc']
    expect(fitWidth({ id: 'name', type: 'text' }, (i) => values[i], values.length, perChar)).toBe(20 * 10 + 24)
    expect(fitWidth({ id: 'a_very_long_header', type: 'text' }, () => 'x', 1, perChar)).toBe(18 * 10 + 62)
  })

  it('stays within the widths a column may have', () => {
    expect(fitWidth({ id: 'h'.repeat(300), type: 'text' }, () => 'x', 1, perChar)).toBe(2000)
    // a long value is drawn cut short (with the whole on demand): the fit is for what is drawn
    expect(fitWidth({ id: 'n', type: 'text' }, () => 'x'.repeat(1000), 1, perChar)).toBe(120 * 10 + 24)
  })
})
