import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { beginEngineStart } from '../api/engine-start.ts'
import { userWaits, whenUserWaitsForNothing } from './user-waits.ts'

const SPELL = { quietMs: 2000, maxMs: 30_000 }

/** A query in flight until the function returned is called. */
function queryInFlight(queryClient: QueryClient, key: string): () => void {
  let answer: ((value: string) => void) | undefined
  void queryClient.fetchQuery({ queryKey: [key], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) })
  return () => answer?.('done')
}

describe('whether the user waits for something, and a moment when they wait for nothing', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('a query in flight or an engine starting is waited for', async () => {
    const queryClient = new QueryClient()
    expect(userWaits(queryClient)).toBe(false)
    const answer = queryInFlight(queryClient, 'a')
    expect(userWaits(queryClient)).toBe(true)
    answer()
    await vi.advanceTimersByTimeAsync(0)
    expect(userWaits(queryClient)).toBe(false)
    const started = beginEngineStart()
    expect(userWaits(queryClient)).toBe(true)
    started()
    started()
    expect(userWaits(queryClient)).toBe(false)
  })

  it('resolves after the quiet spell, which each query or engine start begins anew', async () => {
    const queryClient = new QueryClient()
    let resolved = false
    void whenUserWaitsForNothing(queryClient, SPELL).then(() => (resolved = true))
    await vi.advanceTimersByTimeAsync(1500)
    // an engine starts (the SQL mode chosen) before the spell is over, for longer than it
    const started = beginEngineStart()
    await vi.advanceTimersByTimeAsync(5000)
    expect(resolved).toBe(false)
    // then its first statement, begun before the start is over
    const answer = queryInFlight(queryClient, 'first statement')
    started()
    await vi.advanceTimersByTimeAsync(5000)
    expect(resolved).toBe(false)
    answer()
    await vi.advanceTimersByTimeAsync(1999)
    expect(resolved).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(resolved).toBe(true)
  })

  it('an engine start that ends with nothing else in flight begins the quiet spell', async () => {
    const queryClient = new QueryClient()
    const started = beginEngineStart()
    let resolved = false
    void whenUserWaitsForNothing(queryClient, SPELL).then(() => (resolved = true))
    await vi.advanceTimersByTimeAsync(3000)
    started()
    await vi.advanceTimersByTimeAsync(1999)
    expect(resolved).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(resolved).toBe(true)
  })

  it('resolves after its longest wait even when the user is never left waiting for nothing', async () => {
    const queryClient = new QueryClient()
    let resolved = false
    queryInFlight(queryClient, 'slow')
    void whenUserWaitsForNothing(queryClient, SPELL).then(() => (resolved = true))
    await vi.advanceTimersByTimeAsync(29_999)
    expect(resolved).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(resolved).toBe(true)
  })
})
