// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { describeCell, MAX_CELL_CHARS } from './cell-format.ts'
import { CellValue } from './CellValue.tsx'

afterEach(cleanup)

function renderCell(value: unknown, type?: string) {
  return render(<CellValue display={describeCell(value, type)} onShowFull={() => {}} />).container
}

describe('CellValue safety', () => {
  it('renders markup in a value as text, never as elements', () => {
    const cell = renderCell('<b>bold</b><img src=x onerror=alert(1)>', 'text')
    expect(cell.querySelector('b')).toBeNull()
    expect(cell.querySelector('img')).toBeNull()
    expect(cell.textContent).toBe('<b>bold</b><img src=x onerror=alert(1)>')
  })

  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'http://a b', ' https://x.org'])(
    'does not make a link of %j',
    (value) => {
      const cell = renderCell(value, 'text')
      expect(cell.querySelector('a')).toBeNull()
      expect(cell.textContent).toContain(value.trim().slice(0, 10))
    },
  )

  it('makes http(s) addresses safe links that open in a new tab without an opener', () => {
    const link = renderCell('https://example.org/data?id=1', 'text').querySelector('a')
    expect(link?.getAttribute('href')).toBe('https://example.org/data?id=1')
    expect(link?.getAttribute('target')).toBe('_blank')
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer')
  })
})

describe('CellValue kinds', () => {
  it('shows null and the empty string distinctly', () => {
    const nullCell = renderCell(null, 'text')
    const emptyCell = renderCell('', 'text')
    expect(nullCell.textContent).toBe('null')
    expect(emptyCell.textContent).toBe('empty')
    expect(nullCell.querySelector('.cell-null')).not.toBeNull()
    expect(emptyCell.querySelector('.cell-empty')).not.toBeNull()
    // the text "null" stored as a value is ordinary text, not the null marker
    expect(renderCell('null', 'text').querySelector('.cell-null')).toBeNull()
  })

  it('shows arrays and objects as compact JSON', () => {
    expect(renderCell({ a: [1, 'x'], b: null }, 'json').textContent).toBe('{"a":[1,"x"],"b":null}')
  })

  it('marks numbers, also numeric text in numeric columns', () => {
    expect(describeCell(42, 'int4').kind).toBe('number')
    expect(describeCell('3.5', 'numeric').kind).toBe('number')
    expect(describeCell('3.5', 'text').kind).toBe('text')
  })

  it('makes dates readable and keeps the stored value in the title', () => {
    const cell = renderCell('2024-03-05T08:30:00Z', 'timestamp')
    expect(cell.textContent).toBe('2024-03-05 08:30:00 UTC')
    expect(cell.querySelector('[title]')?.getAttribute('title')).toBe('2024-03-05T08:30:00Z')
  })

  it('puts plain text and numbers with nothing more to say straight in the cell, in no element', () => {
    expect(renderCell('Biology', 'text').innerHTML).toBe('Biology')
    expect(renderCell(42, 'int4').innerHTML).toBe('42')
    // a number whose grouping differs from the stored value keeps it in a title
    expect(renderCell(123456, 'int4').querySelector('[title]')?.getAttribute('title')).toBe('123456')
  })

  it('shortens long text and offers the full value', () => {
    const long = 'word '.repeat(100)
    const cell = renderCell(long, 'text')
    const shown = cell.querySelector('.cell-text')
    expect(shown?.textContent?.length).toBe(MAX_CELL_CHARS)
    expect(shown?.getAttribute('title')).toBe(long)
    expect(cell.querySelector('button[aria-label="Show full value"]')).not.toBeNull()
  })
})
