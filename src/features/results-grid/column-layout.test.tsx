// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { columnLayout } from './column-layout.ts'
import { useGridTable } from './use-grid-table.ts'

const fields = [
  { id: 'a', type: 'text' },
  { id: 'b', type: 'int' },
  { id: '__proto__', type: 'text' },
  { id: 'd', type: 'text' },
]
const guessed = [90, 64, 120, 300]
const sizing = Object.fromEntries([
  ['a', 250],
  ['__proto__', 10],
  ['d', 99_999],
])
const noop = () => undefined

describe('columnLayout', () => {
  it('lays the columns out as the table model does over every column: pinned first, set widths win, guesses otherwise, within the bounds', () => {
    const { result } = renderHook(() =>
      useGridTable({ fields, widths: guessed, sizing, order: fields, pinned: ['d'], sort: [], onSizingChange: noop, onPinnedChange: noop, onOrderChange: noop }),
    )
    const table = result.current
    const modelled = [...table.getStartVisibleLeafColumns(), ...table.getCenterVisibleLeafColumns()]
    const layout = columnLayout(fields, ['d'], guessed, sizing)
    expect(layout.ids).toEqual(modelled.map((column) => column.id))
    expect([...layout.sizes]).toEqual(modelled.map((column) => column.getSize()))
    expect(layout.ids).toEqual(['d', 'a', 'b', '__proto__'])
    expect([...layout.sizes]).toEqual([2000, 250, 64, 40])
  })

  it('says where each column starts and which field it is, the pinned width and the total', () => {
    const layout = columnLayout(fields, ['b', 'a'], guessed, {})
    expect(layout.ids).toEqual(['b', 'a', '__proto__', 'd'])
    expect([...layout.fieldIndexes]).toEqual([1, 0, 2, 3])
    expect(layout.pinnedCount).toBe(2)
    expect([...layout.starts]).toEqual([0, 64, 154, 274])
    expect(layout.startWidth).toBe(154)
    expect(layout.totalWidth).toBe(574)
  })

  it('leaves out pins of fields not shown, draws a field pinned twice once, and has no pinned width without pins', () => {
    expect(columnLayout(fields, ['gone', 'b', 'b'], guessed, {}).ids).toEqual(['b', 'a', '__proto__', 'd'])
    const unpinned = columnLayout(fields, ['gone'], guessed, {})
    expect(unpinned.pinnedCount).toBe(0)
    expect(unpinned.startWidth).toBe(0)
  })

  it('gives a column without a guess the default width', () => {
    expect([...columnLayout([{ id: 'x' }, { id: 'y' }], [], [70], {}).sizes]).toEqual([70, 120])
  })

  it('guesses the first column drawn wider by the extra asked for, unless its width was set', () => {
    expect([...columnLayout(fields, [], guessed, {}, 30).sizes]).toEqual([120, 64, 120, 300])
    expect([...columnLayout(fields, ['d'], guessed, {}, 30).sizes]).toEqual([330, 90, 64, 120])
    expect([...columnLayout(fields, ['d'], guessed, { d: 200 }, 30).sizes]).toEqual([200, 90, 64, 120])
  })
})

describe('useGridTable', () => {
  it('models only the columns it is given, and reports a pin, a width and an order against the whole view', () => {
    const onPinnedChange = vi.fn<(pinned: string[]) => void>()
    const onSizingChange = vi.fn<(sizing: Record<string, number>) => void>()
    const onOrderChange = vi.fn<(order: string[]) => void>()
    const many = Array.from({ length: 1000 }, (_, index) => ({ id: `f${index}`, type: 'text' }))
    const drawn = [many[0] ?? { id: 'f0', type: 'text' }, many[500] ?? { id: 'f500', type: 'text' }]
    const { result } = renderHook(() =>
      useGridTable({ fields: drawn, widths: [100, 100], sizing: { f999: 80 }, order: many, pinned: ['f0'], sort: [], onSizingChange, onPinnedChange, onOrderChange }),
    )
    expect(result.current.getAllLeafColumns().map((column) => column.id)).toEqual(['f0', 'f500'])
    act(() => result.current.getColumn('f500')?.pin('start'))
    expect(onPinnedChange).toHaveBeenLastCalledWith(['f0', 'f500'])
    act(() => result.current.setColumnSizing((previous) => ({ ...previous, f500: 200 })))
    expect(onSizingChange).toHaveBeenLastCalledWith({ f999: 80, f500: 200 })
    act(() => result.current.setColumnOrder((previous) => previous.toReversed()))
    expect(onOrderChange).toHaveBeenLastCalledWith(many.map((field) => field.id).toReversed())
  })
})
