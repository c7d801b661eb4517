// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defaultQuery } from '../query/defaults.ts'
import type { QueryState } from '../query/types.ts'
import { recordQuerySoon } from './use-query-link.ts'

const query = (q: string): QueryState => ({ ...defaultQuery(), q })

describe('recordQuerySoon', () => {
  afterEach(() => {
    vi.useRealTimers()
    window.history.replaceState(null, '', '/')
  })

  it('writes a run’s new history entry after the task that ran it, in order', () => {
    vi.useFakeTimers()
    const before = window.history.length
    recordQuerySoon(query('first'))
    recordQuerySoon(query('second'))
    expect(window.location.search).toBe('')
    vi.runAllTimers()
    expect(window.location.search).toContain('q=second')
    expect(window.history.length).toBe(before + 2)
  })

  it('rewrites the address at once (a link’s ignored parts), after the entries still waiting', () => {
    vi.useFakeTimers()
    const before = window.history.length
    recordQuerySoon(query('run'))
    recordQuerySoon(query('rewritten'), { replace: true })
    expect(window.location.search).toContain('q=rewritten')
    expect(window.history.length).toBe(before + 1)
    vi.runAllTimers()
    expect(window.location.search).toContain('q=rewritten')
    expect(window.history.length).toBe(before + 1)
  })
})
