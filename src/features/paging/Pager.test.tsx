// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Pager } from './Pager.tsx'

afterEach(cleanup)

function renderPager(props: Partial<Parameters<typeof Pager>[0]> = {}) {
  const onOffsetChange = vi.fn<(offset: number) => void>()
  const onPageSizeChange = vi.fn<(size: number) => void>()
  render(<Pager offset={100} limit={100} shown={100} total={48210} onOffsetChange={onOffsetChange} onPageSizeChange={onPageSizeChange} {...props} />)
  return { onOffsetChange, onPageSizeChange }
}

describe('Pager', () => {
  it('states the records shown and the total, and asks for the neighbouring pages', () => {
    const { onOffsetChange } = renderPager()
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('Records 101–200 of 48,210')
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }))
    expect(onOffsetChange.mock.calls).toEqual([[200], [0]])
  })

  it('marks an estimated total with ≈ and says the server estimated it', () => {
    renderPager({ totalEstimated: true })
    const text = screen.getByRole('navigation', { name: 'Pages' }).textContent
    expect(text).toContain('of ≈48,210')
    expect(text).toContain('the server estimated this total')
  })

  it('says the total is still being counted while the demo engine counts it, not that a server estimated it', () => {
    renderPager({ totalEstimated: true, counting: true })
    const text = screen.getByRole('navigation', { name: 'Pages' }).textContent
    expect(text).toContain('of ≈48,210, counting…')
    expect(text).not.toContain('estimated')
  })

  it('never speaks of a server in demo mode: an estimate there is the demo engine\'s, from the part of the file loaded so far', () => {
    renderPager({ totalEstimated: true, demo: true })
    const text = screen.getByRole('navigation', { name: 'Pages' }).textContent
    expect(text).toContain('of ≈48,210 (estimated by the demo engine from the part of the file loaded so far)')
    expect(text).not.toContain('server')
  })

  it('offers the page sizes and reports the chosen one', () => {
    const { onPageSizeChange } = renderPager()
    fireEvent.change(screen.getByLabelText('Page size'), { target: { value: '250' } })
    expect(onPageSizeChange).toHaveBeenCalledWith(250)
  })

  it('does not state a range for records that are still the previous page’s', () => {
    renderPager({ pending: true, offset: 200 })
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('Loading records from 201…')
  })
})
