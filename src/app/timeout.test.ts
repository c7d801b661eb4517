import { describe, expect, it } from 'vitest'
import { DEFAULT_TIMEOUT_MS } from '../api/fetch-transport.ts'
import { parseTimeout } from './timeout.ts'

describe('parseTimeout', () => {
  it('reads seconds, decimals and 0 (no timeout); empty means the default', () => {
    expect(parseTimeout('5')).toEqual({ ok: true, timeoutMs: 5000 })
    expect(parseTimeout(' 0.5 ')).toEqual({ ok: true, timeoutMs: 500 })
    expect(parseTimeout('0')).toEqual({ ok: true, timeoutMs: 0 })
    expect(parseTimeout('')).toEqual({ ok: true, timeoutMs: DEFAULT_TIMEOUT_MS })
  })

  it('refuses what is not a plain number of seconds, saying why', () => {
    for (const text of ['-1', 'abc', '1e3', '10s']) expect(parseTimeout(text).ok).toBe(false)
    expect(parseTimeout('7200')).toEqual({ ok: false, message: expect.stringContaining('at most 3600') })
  })
})
