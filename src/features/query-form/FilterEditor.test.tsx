// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FilterClause } from '../../query/types.ts'
import { FilterEditor } from './FilterEditor.tsx'

afterEach(cleanup)

function Harness({ onRun = () => {}, initial = [] }: { onRun?: (filters: FilterClause[]) => void; initial?: FilterClause[] }) {
  const [filters, setFilters] = useState<FilterClause[]>(initial)
  return (
    <>
      <FilterEditor filters={filters} onFiltersChange={setFilters} onRun={onRun} fieldSuggestions={['subject', 'stage']} />
      <output data-testid="filters">{JSON.stringify(filters)}</output>
    </>
  )
}

const filtersNow = () => JSON.parse(screen.getByTestId('filters').textContent ?? '[]') as FilterClause[]

function add(field: string, value: string) {
  fireEvent.change(screen.getByLabelText('Filter field'), { target: { value: field } })
  fireEvent.change(screen.getByLabelText('Filter value'), { target: { value } })
  fireEvent.click(screen.getByRole('button', { name: 'Add filter' }))
}

describe('FilterEditor', () => {
  it('offers the field names once the Filter field is first used, not before', () => {
    render(<Harness />)
    const input = screen.getByLabelText('Filter field')
    expect(document.querySelectorAll('datalist option')).toHaveLength(0)
    fireEvent.focus(input)
    const listed = document.getElementById(input.getAttribute('list') ?? '')
    expect([...(listed?.querySelectorAll('option') ?? [])].map((option) => option.getAttribute('value'))).toEqual(['subject', 'stage'])
  })

  it('groups values of one field as any-of and several fields as all-of', () => {
    render(<Harness />)
    add('stage', 'active')
    add('stage', 'draft')
    add('subject', 'Biology')
    expect(filtersNow()).toEqual([
      { field: 'stage', values: ['active', 'draft'] },
      { field: 'subject', values: ['Biology'] },
    ])
    expect(screen.getByText('is any of')).toBeTruthy()
    expect(screen.getByText('Records must match all of:')).toBeTruthy()
    // the field stays for the next value of it; the value is cleared and has the focus
    expect((screen.getByLabelText('Filter field') as HTMLInputElement).value).toBe('subject')
    expect((screen.getByLabelText('Filter value') as HTMLInputElement).value).toBe('')
    expect(document.activeElement).toBe(screen.getByLabelText('Filter value'))
  })

  it('removes exactly one value with the chip named after it', () => {
    render(<Harness initial={[{ field: 'stage', values: ['active', 'draft'] }, { field: 'a.b', values: ['x'] }]} />)
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter stage = active' }))
    expect(filtersNow()).toEqual([
      { field: 'stage', values: ['draft'] },
      { field: 'a.b', values: ['x'] },
    ])
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter a.b = x' }))
    expect(filtersNow()).toEqual([{ field: 'stage', values: ['draft'] }])
  })

  it('refuses an empty field, an empty value and a duplicate chip with a message beside the input', () => {
    render(<Harness initial={[{ field: 'stage', values: ['active'] }]} />)
    add('', 'x')
    const field = screen.getByLabelText('Filter field')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/field to filter on/)

    add('stage', '')
    expect(screen.getByLabelText('Filter value').getAttribute('aria-invalid')).toBe('true')

    add('stage', 'active')
    expect(screen.getByText('The filter stage = active is already there.')).toBeTruthy()
    expect(filtersNow()).toEqual([{ field: 'stage', values: ['active'] }])
  })

  it('keeps names and values exactly as typed, because filters match exact text', () => {
    render(<Harness />)
    add('a.b c', ' Biology ')
    expect(filtersNow()).toEqual([{ field: 'a.b c', values: [' Biology '] }])
    expect(screen.getByText(/sent exactly as written/)).toBeTruthy()
  })

  it('Enter in a filter input adds the typed chip and runs the query with it', () => {
    const onRun = vi.fn<(filters: FilterClause[]) => void>()
    render(<Harness onRun={onRun} initial={[{ field: 'stage', values: ['active'] }]} />)
    fireEvent.change(screen.getByLabelText('Filter field'), { target: { value: 'subject' } })
    fireEvent.change(screen.getByLabelText('Filter value'), { target: { value: 'Art' } })
    fireEvent.keyDown(screen.getByLabelText('Filter value'), { key: 'Enter' })
    expect(onRun).toHaveBeenCalledWith([
      { field: 'stage', values: ['active'] },
      { field: 'subject', values: ['Art'] },
    ])
  })

  it('Enter right after adding a chip runs the query (the kept field name is not a half-typed filter)', () => {
    const onRun = vi.fn<(filters: FilterClause[]) => void>()
    render(<Harness onRun={onRun} />)
    add('stage', 'active')
    fireEvent.keyDown(screen.getByLabelText('Filter value'), { key: 'Enter' })
    expect(onRun).toHaveBeenCalledWith([{ field: 'stage', values: ['active'] }])
  })

  it('Enter with a half-typed filter does not run, it says what is missing', () => {
    const onRun = vi.fn<(filters: FilterClause[]) => void>()
    render(<Harness onRun={onRun} />)
    fireEvent.change(screen.getByLabelText('Filter field'), { target: { value: 'stage' } })
    fireEvent.keyDown(screen.getByLabelText('Filter field'), { key: 'Enter' })
    expect(onRun).not.toHaveBeenCalled()
    expect(screen.getByText('Enter the value the field must have.')).toBeTruthy()
  })
})
