import { describe, expect, it } from 'vitest'
import type { ShownSummary } from '../../api/summaries/shown-summary.ts'
import { formatShare, formatValue, roundedNumber, scopeLine } from './summary-text.ts'

const summary = { field: 'f', type: 'text' as const, count: 100, empty: 0, distinct: 3, top: [] }
const shown = (over: Partial<ShownSummary>): ShownSummary => ({ summary, exact: [], loaded: 100, requests: 0, pending: false, ...over })

describe('summary text', () => {
  it('says which numbers are exact over all matching records and which come from the loaded ones', () => {
    const parts = ['distinct', 'empty', 'top'] as const
    expect(scopeLine(shown({ exact: parts, matching: 1234 }), parts)).toBe('exact over all 1,234 matching records')
    expect(scopeLine(shown({}), parts)).toBe('from 100 loaded records')
    expect(scopeLine(shown({ exact: ['distinct'], matching: 1234 }), parts)).toBe('distinct exact over all 1,234 matching records; empty and top values from 100 loaded records')
  })

  it('formats shares and values for reading', () => {
    expect([formatShare(1, 3), formatShare(1, 30), formatShare(1, 10_000), formatShare(0, 0), formatShare(0, 5)]).toEqual(['33%', '3.3%', '<0.1%', '0%', '0%'])
    expect([formatValue(1234567), formatValue(''), formatValue(null), formatValue('2020-01-01')]).toEqual(['1,234,567', '(empty text)', '—', '2020-01-01'])
  })

  it('shows numbers unrounded, so two values never share a label, and says when a mean is rounded', () => {
    expect([formatValue(25.90683333), formatValue(40.7021), formatValue(40.7033), formatValue(-1234.5), formatValue(1e-7)]).toEqual(['25.90683333', '40.7021', '40.7033', '-1,234.5', '1e-7'])
    expect(roundedNumber(3.0289)).toEqual({ text: '3.03', rounded: true })
    expect(roundedNumber(4.5)).toEqual({ text: '4.5', rounded: false })
  })
})
