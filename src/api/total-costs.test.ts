import { describe, expect, it } from 'vitest'
import { CHEAP_COUNT_MS, createTotalCosts, SLOW_TOTAL_MS } from './total-costs.ts'

describe('what a count costs on each live server', () => {
  it('sends pages alone until a count came back cheap for that resource, then one request for it again', () => {
    const costs = createTotalCosts()
    expect(costs.apart('https://portal.example/', 'small')).toBe(true)
    costs.learn('https://portal.example', 'small', { kind: 'alone', elapsedMs: CHEAP_COUNT_MS - 1 })
    expect(costs.apart('https://portal.example/', 'small')).toBe(false)
    expect(costs.apart('https://portal.example', 'big')).toBe(true)
  })

  it('keeps pages alone after a slow or estimated count, and goes back to them when a page with its total was slow', () => {
    const costs = createTotalCosts()
    costs.learn('https://p.example', 'r', { kind: 'alone', elapsedMs: CHEAP_COUNT_MS + 400 })
    costs.learn('https://p.example', 'e', { kind: 'alone', elapsedMs: 3, totalWasEstimated: true })
    expect([costs.apart('https://p.example', 'r'), costs.apart('https://p.example', 'e')]).toEqual([true, true])
    costs.learn('https://p.example', 'r', { kind: 'alone', elapsedMs: 5 })
    costs.learn('https://p.example', 'r', { kind: 'with-page', elapsedMs: SLOW_TOTAL_MS - 1 })
    expect(costs.apart('https://p.example', 'r')).toBe(false)
    costs.learn('https://p.example', 'r', { kind: 'with-page', elapsedMs: SLOW_TOTAL_MS + 1 })
    expect(costs.apart('https://p.example', 'r')).toBe(true)
  })

  it('sends one request to a server that refused include_total, and tells its subscribers once per change', () => {
    const costs = createTotalCosts()
    let changes = 0
    const unsubscribe = costs.subscribe(() => changes++)
    costs.refuse('https://old.example/')
    costs.refuse('https://old.example')
    expect(costs.apart('https://old.example', 'any')).toBe(false)
    expect(changes).toBe(1)
    unsubscribe()
    costs.learn('https://new.example', 'r', { kind: 'alone', elapsedMs: 1 })
    expect(changes).toBe(1)
  })
})
