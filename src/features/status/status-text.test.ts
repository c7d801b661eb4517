import { describe, expect, it } from 'vitest'
import { statusText } from './status-text.ts'

describe('statusText', () => {
  it('states records shown, total and time', () => {
    expect(statusText({ phase: 'success', shown: 5, total: 48, elapsedMs: 12.4 })).toBe('Showing 5 of 48 records · 12 ms')
  })

  it('marks an estimated total and says where the sort ran', () => {
    expect(statusText({ phase: 'success', shown: 100, total: 1000000, totalEstimated: true, sortedBy: 'server' })).toBe(
      'Showing 100 of ≈1,000,000 records · sorted by the server',
    )
  })

  it('says the total is still being counted while the demo resource loads', () => {
    expect(statusText({ phase: 'success', shown: 20, total: 41000, totalEstimated: true, counting: true, elapsedMs: 40 })).toBe(
      'Showing 20 of ≈41,000 records, counting… · 40 ms',
    )
  })

  it('copes with an unknown total and with one record', () => {
    expect(statusText({ phase: 'success', shown: 1 })).toBe('Showing 1 record')
  })

  it('shows progress while the demo resource is built', () => {
    expect(statusText({ phase: 'loading', progress: { done: 250, total: 1000 } })).toBe('Loading… preparing the demo resource (25%)')
    expect(statusText({ phase: 'loading' })).toBe('Loading…')
  })
})
