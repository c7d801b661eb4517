// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { defaultQuery } from '../../query/defaults.ts'
import { RecentQueries } from './RecentQueries.tsx'

afterEach(() => {
  cleanup()
  localStorage.clear()
})

describe('RecentQueries', () => {
  it('isolates each piece of an entry and shows its controls, so a right-to-left override cannot scramble the host', () => {
    const executed = { ...defaultQuery(), source: 'live' as const, baseUrl: 'https://data.example.org/ckan', resourceId: 'gro.live\u202Eabc', q: 'x\u2067y' }
    render(<RecentQueries executed={executed} onRun={() => {}} resourceTitle={() => undefined} />)
    const entry = within(screen.getByRole('list', { name: 'Recent queries' })).getByRole('link')
    const pieces = [...entry.querySelectorAll('bdi')].map((bdi) => bdi.textContent)
    expect(pieces.slice(0, 3)).toEqual(['gro.live‹RLO›abc', 'data.example.org', '“x‹RLI›y”'])
    expect(entry.textContent).toBe('gro.live‹RLO›abc at data.example.org · “x‹RLI›y” · limit 100')
    expect(entry.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/)
  })
})
