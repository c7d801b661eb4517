import { describe, expect, it } from 'vitest'
import { cellAt, extendSelection, isSelected, selectionBounds } from './cell-selection.ts'

describe('cell selection', () => {
  it('spans anchor to focus whichever way it was extended', () => {
    const bounds = selectionBounds({ anchor: { row: 5, col: 3 }, focus: { row: 2, col: 1 } })
    expect(bounds).toEqual({ top: 2, bottom: 5, left: 1, right: 3 })
    expect(isSelected(bounds, 2, 1)).toBe(true)
    expect(isSelected(bounds, 6, 1)).toBe(false)
  })

  it('extends with Shift+arrows and stays inside the grid', () => {
    let selection = cellAt(0, 0)
    selection = extendSelection(selection, 'ArrowDown', 3, 2) ?? selection
    selection = extendSelection(selection, 'ArrowRight', 3, 2) ?? selection
    selection = extendSelection(selection, 'ArrowRight', 3, 2) ?? selection
    expect(selection).toEqual({ anchor: { row: 0, col: 0 }, focus: { row: 1, col: 1 } })
    expect(extendSelection(selection, 'Enter', 3, 2)).toBeUndefined()
  })
})
