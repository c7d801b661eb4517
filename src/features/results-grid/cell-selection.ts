// A rectangle of cells, as a spreadsheet has it: where it started (anchor) and where it was
// extended to (focus), in display positions (row in the records, column in the shown order). Pure.

export interface CellPosition {
  row: number
  col: number
}

export interface CellSelection {
  anchor: CellPosition
  focus: CellPosition
}

export interface SelectionBounds {
  top: number
  bottom: number
  left: number
  right: number
}

export function selectionBounds(selection: CellSelection): SelectionBounds {
  const { anchor, focus } = selection
  return {
    top: Math.min(anchor.row, focus.row),
    bottom: Math.max(anchor.row, focus.row),
    left: Math.min(anchor.col, focus.col),
    right: Math.max(anchor.col, focus.col),
  }
}

export function isSelected(bounds: SelectionBounds | undefined, row: number, col: number): boolean {
  return bounds !== undefined && row >= bounds.top && row <= bounds.bottom && col >= bounds.left && col <= bounds.right
}

const clamp = (value: number, count: number) => Math.max(0, Math.min(count - 1, value))

/** The selection after Shift+arrow: the focus moves one cell, kept inside the grid; the anchor stays. */
export function extendSelection(selection: CellSelection, key: string, rows: number, cols: number): CellSelection | undefined {
  const step: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }
  const move = step[key]
  if (move === undefined || rows === 0 || cols === 0) return undefined
  return { anchor: selection.anchor, focus: { row: clamp(selection.focus.row + move[0], rows), col: clamp(selection.focus.col + move[1], cols) } }
}

/** A one-cell selection. */
export function cellAt(row: number, col: number): CellSelection {
  return { anchor: { row, col }, focus: { row, col } }
}
