import { describe, expect, it } from 'vitest'
import type { ShownSummary } from '../../api/summaries/shown-summary.ts'
import { formatShare, formatValue, scopeLine } from './summary-text.ts'

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
    expect([formatValue(1234567), formatValue(2.345), formatValue(''), formatValue(null), formatValue('2020-01-01')]).toEqual(['1,234,567', '2.35', '(empty text)', '—', '2020-01-01'])
  })
})
