// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SortKey } from '../../query/types.ts'
import * as cellFormat from './cell-format.ts'
import { ResultsGrid, type LayoutChange } from './ResultsGrid.tsx'

// happy-dom does no layout: give the scrolling area the size a browser would, so rows render.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000)
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const fields = [
  { id: '_id', type: 'int' },
  { id: 'a.b', type: 'text' },
  { id: 'constructor', type: 'text' },
  { id: 'n', type: 'int4' },
]

function renderGrid(records: Record<string, unknown>[], sort: SortKey[] = [], onSortChange = vi.fn<(sort: SortKey[]) => void>()) {
  render(<ResultsGrid fields={fields} records={records} sort={sort} onSortChange={onSortChange} />)
  return { table: screen.getByRole('table', { name: 'Results' }), onSortChange }
}

describe('ResultsGrid', () => {
  it('keeps the column order of fields, with a dotted name as one column', () => {
    const { table } = renderGrid([])
    const headers = within(table).getAllByRole('columnheader').map((th) => th.getAttribute('aria-label'))
    expect(headers).toEqual(['_id', 'a.b', 'constructor', 'n'])
    // an empty result still shows its headers, and says so
    expect(screen.getByText('No records match this query.')).toBeTruthy()
  })

  it('reads each field by its own name only (no dotted paths, no inherited properties)', () => {
    const { table } = renderGrid([{ _id: 1, 'a.b': 'flat value', a: { b: 'nested' }, n: 5 }])
    expect(table.textContent).toContain('flat value')
    expect(table.textContent).not.toContain('nested')
    expect(table.textContent).not.toContain('function')
  })

  it('puts aria-sort on the primary sorted header and reports shift-click as a multi-sort', () => {
    const { onSortChange } = renderGrid([], [{ field: 'n', direction: 'desc' }])
    expect(screen.getByRole('columnheader', { name: 'n' }).getAttribute('aria-sort')).toBe('descending')
    expect(screen.getByRole('columnheader', { name: 'a.b' }).getAttribute('aria-sort')).toBeNull()
    fireEvent.click(within(screen.getByRole('columnheader', { name: 'a.b' })).getByRole('button', { name: 'a.b' }), { shiftKey: true })
    expect(onSortChange).toHaveBeenLastCalledWith([
      { field: 'n', direction: 'desc' },
      { field: 'a.b', direction: 'asc' },
    ])
  })

  it('announces the full row count for a virtualised body', () => {
    const records = Array.from({ length: 5000 }, (_, i) => ({ _id: i + 1, n: i }))
    const { table } = renderGrid(records)
    expect(table.getAttribute('aria-rowcount')).toBe('5001')
    const rows = table.querySelectorAll('tbody tr')
    expect(rows.length).toBeGreaterThan(10)
    expect(rows.length).toBeLessThanOrEqual(100)
    expect(rows[0]?.getAttribute('aria-rowindex')).toBe('2')
  })

  it('draws a wide answer’s columns in view only, header and cells alike, saying which column each is', () => {
    const wide = Array.from({ length: 50 }, (_, column) => ({ id: column === 0 ? '_id' : `c${column}`, type: 'text' }))
    const records = Array.from({ length: 200 }, (_, row) => Object.fromEntries(wide.map((field, column) => [field.id, `r${row}c${column}`])))
    render(<ResultsGrid fields={wide} records={records} sort={[]} onSortChange={vi.fn<(sort: SortKey[]) => void>()} />)
    const table = screen.getByRole('table', { name: 'Results' })
    expect(table.getAttribute('aria-colcount')).toBe('50')
    const headers = within(table).getAllByRole('columnheader')
    const cells = [...(table.querySelector('tbody tr[aria-rowindex="2"]')?.querySelectorAll('td') ?? [])]
    // 1000 px of columns at least 100 px wide, and a few beyond
    expect(cells.length).toBeGreaterThan(3)
    expect(cells.length).toBeLessThan(20)
    expect(cells.map((td) => td.getAttribute('aria-colindex'))).toEqual(cells.map((_td, index) => String(index + 1)))
    expect(cells[2]?.textContent).toBe('r0c2')
    expect(headers.map((th) => th.getAttribute('aria-colindex'))).toEqual(cells.map((td) => td.getAttribute('aria-colindex')))
  })

  it('keeps pinned columns first and drawn while the rest are windowed, and draws numbers with grouping', () => {
    const wide = Array.from({ length: 60 }, (_, column) => ({ id: `c${column}`, type: column === 40 ? 'int4' : 'text' }))
    const records = [Object.fromEntries(wide.map((field, column) => [field.id, column === 40 ? 1234567 : `v${column}`]))]
    render(<ResultsGrid fields={wide} records={records} sort={[]} onSortChange={vi.fn<(sort: SortKey[]) => void>()} pinned={['c40', 'c55']} />)
    const table = screen.getByRole('table', { name: 'Results' })
    const headers = within(table).getAllByRole('columnheader').map((th) => th.getAttribute('aria-label'))
    expect(headers.slice(0, 3)).toEqual(['c40', 'c55', 'c0'])
    expect(headers.length).toBeLessThan(25)
    const first = table.querySelector('tbody tr td')
    expect(first?.textContent).toBe(new Intl.NumberFormat().format(1234567))
  })

  it('draws every cell of an answer of a few columns', () => {
    const { table } = renderGrid([{ _id: 1, 'a.b': 'x', constructor: 'y', n: 5 }])
    const cells = [...(table.querySelector('tbody tr')?.querySelectorAll('td') ?? [])]
    expect(cells.map((td) => td.getAttribute('aria-colindex'))).toEqual(['1', '2', '3', '4'])
  })
})

async function scrollTo(scroller: HTMLElement, top: number, left: number) {
  await act(async () => {
    scroller.scrollTop = top
    scroller.scrollLeft = left
    fireEvent.scroll(scroller)
    await new Promise((resolve) => setTimeout(resolve, 20))
  })
}

const cellsPerRow = () => document.querySelectorAll('tbody tr > td').length / document.querySelectorAll('tbody tr').length

describe('ResultsGrid while scrolling', () => {
  const wide = Array.from({ length: 50 }, (_, column) => ({ id: column === 0 ? '_id' : `c${column}`, type: 'text' }))
  const records = Array.from({ length: 2000 }, (_, row) => Object.fromEntries(wide.map((field, column) => [field.id, `r${row}c${column}`])))

  it('draws only the cells that come into view: rows and columns already drawn are not drawn again', async () => {
    render(<ResultsGrid fields={wide} records={records} sort={[]} onSortChange={vi.fn<(sort: SortKey[]) => void>()} pinned={['c3']} onLayoutChange={vi.fn<(change: LayoutChange) => void>()} />)
    const scroller = document.querySelector<HTMLElement>('.grid-scroll')
    if (scroller === null) throw new Error('no scrolling area')
    const drawnCells = vi.spyOn(cellFormat, 'describeCell')

    // Down by 10 rows (34 px each): 10 new rows come into view, the others stay as drawn.
    await scrollTo(scroller, 340, 0)
    expect(drawnCells.mock.calls.length).toBe(10 * cellsPerRow())
    drawnCells.mockClear()
    // Sideways by a bit more than one column: a column comes into view in each drawn row; the
    // pinned column and the others stay as drawn (the first unpinned one moves, so it is drawn again).
    const rows = document.querySelectorAll('tbody tr').length
    await scrollTo(scroller, 340, 130)
    expect(drawnCells.mock.calls.length).toBeGreaterThan(0)
    expect(drawnCells.mock.calls.length).toBeLessThanOrEqual(3 * rows)
    // The scroll settles (the virtualiser's isScrolling goes back to false): nothing is drawn again.
    drawnCells.mockClear()
    await act(async () => new Promise((resolve) => setTimeout(resolve, 300)))
    expect(drawnCells).not.toHaveBeenCalled()
    expect(document.querySelector('tbody tr[aria-rowindex="12"] td[aria-colindex="1"]')?.textContent).toBe('r10c3')
  })

  it('draws a wide answer for where the grid is scrolled, also when the narrow one before it was scrolled sideways', async () => {
    const narrow = wide.slice(0, 20)
    const onSortChange = vi.fn<(sort: SortKey[]) => void>()
    const { rerender } = render(<ResultsGrid fields={narrow} records={records} sort={[]} onSortChange={onSortChange} />)
    const scroller = document.querySelector<HTMLElement>('.grid-scroll')
    if (scroller === null) throw new Error('no scrolling area')
    // Every column of a narrow answer is drawn, so a sideways scroll changes nothing drawn; the
    // wide answer comes while the scroll goes on.
    await scrollTo(scroller, 0, 100)
    await scrollTo(scroller, 0, 1500)
    rerender(<ResultsGrid fields={wide} records={records} sort={[]} onSortChange={onSortChange} />)
    const drawn = [...(document.querySelector('tbody tr[aria-rowindex="2"]')?.querySelectorAll('td') ?? [])].map((td) => Number(td.getAttribute('aria-colindex')))
    // 1,500 px in, past the first columns (at least 90 px wide each): those are not drawn, later ones are
    expect(Math.min(...drawn)).toBeGreaterThan(3)
    expect(drawn.length).toBeLessThan(20)
  })
})

describe('ResultsGrid actions', () => {
  it('"Filter by this value" reports the field and the exact text of the cell', () => {
    const onFilterByValue = vi.fn<(field: string, value: string) => void>()
    render(<ResultsGrid fields={fields} records={[{ _id: 1, 'a.b': 'x y', n: 5 }]} sort={[]} onSortChange={vi.fn<(sort: SortKey[]) => void>()} onFilterByValue={onFilterByValue} />)
    const row = screen.getByRole('table', { name: 'Results' }).querySelector('tbody tr[aria-rowindex="2"]') as HTMLElement
    const cells = [...row.querySelectorAll('td')]
    // Only the cell under the pointer draws the button; null cells ("constructor" is missing) never do.
    expect(within(row).queryAllByRole('button', { name: 'Filter by this value' })).toHaveLength(0)
    const drawnAfterHover = cells.map((cell) => {
      fireEvent.mouseEnter(cell)
      return within(row).queryAllByRole('button', { name: 'Filter by this value' }).map((button) => cells.indexOf(button.closest('td') as HTMLTableCellElement))
    })
    expect(drawnAfterHover.filter((drawn) => drawn.length > 0)).toHaveLength(3)
    for (const [index, drawn] of drawnAfterHover.entries()) expect(drawn.length === 0 || (drawn.length === 1 && drawn[0] === index)).toBe(true)
    fireEvent.mouseEnter(cells.at(-1) as HTMLElement)
    fireEvent.click(within(row).getByRole('button', { name: 'Filter by this value' }))
    expect(onFilterByValue).toHaveBeenCalledWith('n', '5')
  })

  it('the arrow keys move the focus between rows', () => {
    render(<ResultsGrid fields={fields} records={[{ _id: 1 }, { _id: 2 }, { _id: 3 }]} sort={[]} onSortChange={vi.fn<(sort: SortKey[]) => void>()} />)
    const table = screen.getByRole('table', { name: 'Results' })
    const first = table.querySelector<HTMLElement>('tbody tr[aria-rowindex="2"]')
    expect(first?.tabIndex).toBe(0)
    first?.focus()
    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowDown' })
    expect(document.activeElement?.getAttribute('aria-rowindex')).toBe('3')
    expect(first?.tabIndex).toBe(-1)
  })
})
