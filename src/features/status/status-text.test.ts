import { describe, expect, it } from 'vitest'
import { statusText } from './status-text.ts'

describe('statusText', () => {
  it('states records shown, total and time', () => {
    expect(statusText({ phase: 'success', shown: 5, total: 48, elapsedMs: 12.4 })).toBe('Showing 5 of 48 records · 12 ms · records 1–5 of 48')
  })

  it('marks an estimated total and says where the sort ran', () => {
    expect(statusText({ phase: 'success', shown: 100, total: 1000000, totalEstimated: true, sortedBy: 'server' })).toBe(
      'Showing 100 of ≈1,000,000 records · sorted by the server · records 1–100 of ≈1,000,000',
    )
  })

  it('says the total is still being counted while the demo resource loads', () => {
    expect(statusText({ phase: 'success', shown: 20, total: 41000, totalEstimated: true, counting: true, elapsedMs: 40 })).toBe(
      'Showing 20 of ≈41,000 records, counting… · 40 ms · records 1–20 of ≈41,000',
    )
  })

  it('says a live page came first and its total is being counted, with the range shown', () => {
    expect(statusText({ phase: 'success', shown: 100, counting: true, offset: 200, elapsedMs: 12, source: 'live' })).toBe(
      'Showing 100 records, counting the total… · 12 ms · records 201–300',
    )
  })

  it('copes with an unknown total and with one record', () => {
    expect(statusText({ phase: 'success', shown: 1 })).toBe('Showing 1 record')
  })

  it('names the range shown unless it is the whole result, and the demo engine where it sorted', () => {
    expect(statusText({ phase: 'success', shown: 1000, total: 20000, offset: 5000, sortedBy: 'server', source: 'live' })).toBe(
      'Showing 1,000 of 20,000 records · sorted by the server · records 5,001–6,000 of 20,000',
    )
    expect(statusText({ phase: 'success', shown: 55, total: 55, sortedBy: 'server', source: 'demo' })).toBe('Showing 55 of 55 records · sorted by the demo engine')
  })

  it('shows progress while the demo resource is built', () => {
    expect(statusText({ phase: 'loading', progress: { done: 250, total: 1000 } })).toBe('Loading… preparing the demo resource (25%)')
    expect(statusText({ phase: 'loading' })).toBe('Loading…')
  })
})
