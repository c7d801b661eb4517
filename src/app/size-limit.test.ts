import { describe, expect, it } from 'vitest'
import { DEFAULT_MAX_BYTES } from '../api/fetch-transport.ts'
import { DEFAULT_SIZE_LIMIT_TEXT, parseSizeLimit } from './size-limit.ts'

describe('parseSizeLimit', () => {
  it('reads megabytes, decimals included; empty means the default of 200 MB', () => {
    expect(parseSizeLimit('5')).toEqual({ ok: true, bytes: 5_000_000 })
    expect(parseSizeLimit(' 0.5 ')).toEqual({ ok: true, bytes: 500_000 })
    expect(parseSizeLimit('')).toEqual({ ok: true, bytes: DEFAULT_MAX_BYTES })
    expect(DEFAULT_SIZE_LIMIT_TEXT).toBe('200')
  })

  it('refuses 0, what is not a plain number, and more than 1000 MB, saying how to write it', () => {
    for (const text of ['0', '0.0000001', '-1', 'abc', '1e3', '10MB', '1001']) {
      expect(parseSizeLimit(text)).toEqual({ ok: false, message: expect.stringContaining('megabytes above 0, at most 1000') })
    }
  })
})
