// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ColumnChooser } from './ColumnChooser.tsx'

afterEach(cleanup)

const ALL = ['_id', 'subject', 'stage']

function renderChooser(chosen: string[] | undefined) {
  const onChange = vi.fn<(fields: string[] | undefined) => void>()
  render(<ColumnChooser allFields={ALL} chosen={chosen} onChange={onChange} />)
  fireEvent.click(screen.getByRole('button', { name: 'Columns' }))
  return onChange
}

describe('ColumnChooser', () => {
  it('lists every field, hidden ones too, as a checkbox named by the field', () => {
    renderChooser(['stage'])
    expect(screen.getByRole('button', { name: 'Columns' }).getAttribute('aria-expanded')).toBe('true')
    expect(ALL.map((field) => (screen.getByRole('checkbox', { name: field }) as HTMLInputElement).checked)).toEqual([false, false, true])
  })

  it('hides, shows, reorders and shows all', () => {
    const onChange = renderChooser(undefined)
    fireEvent.click(screen.getByRole('checkbox', { name: 'subject' }))
    fireEvent.click(screen.getByRole('button', { name: 'Move stage earlier' }))
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }))
    expect(onChange.mock.calls).toEqual([[['_id', 'stage']], [['_id', 'stage', 'subject']], [undefined]])
  })

  it('Esc closes the panel and gives focus back to the Columns button', () => {
    renderChooser(undefined)
    const checkbox = screen.getByRole('checkbox', { name: 'stage' })
    checkbox.focus()
    fireEvent.keyDown(checkbox, { key: 'Escape' })
    const button = screen.getByRole('button', { name: 'Columns' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
  })
})
