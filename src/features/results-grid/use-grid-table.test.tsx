// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { columnSizes, useGridTable } from './use-grid-table.ts'

const fields = [
  { id: 'a', type: 'text' },
  { id: 'b', type: 'int' },
  { id: '__proto__', type: 'text' },
  { id: 'd', type: 'text' },
]
const noop = () => undefined

describe('columnSizes', () => {
  it('gives every column the width the table gives it (set widths win, guesses otherwise, within the bounds)', () => {
    const sizing = Object.fromEntries([
      ['a', 250],
      ['__proto__', 10],
      ['d', 99_999],
    ])
    const { result } = renderHook(() =>
      useGridTable({ fields, guessedWidths: [90, 64, 120, 300], sizing, pinned: ['d'], sort: [], onSizingChange: noop, onPinnedChange: noop, onOrderChange: noop }),
    )
    const table = result.current
    const shown = [...table.getStartVisibleLeafColumns(), ...table.getCenterVisibleLeafColumns()]
    expect(shown.map((column) => column.id)).toEqual(['d', 'a', 'b', '__proto__'])
    expect([...columnSizes(shown, sizing)]).toEqual(shown.map((column) => column.getSize()))
    expect([...columnSizes(shown, sizing)]).toEqual([2000, 250, 64, 40])
  })
})
