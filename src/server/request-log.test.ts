import { describe, expect, it } from 'vitest'
import { formatLogLine, redactedPath } from './request-log.ts'

describe('request log line', () => {
  it('has time, method, path, status and duration', () => {
    expect(formatLogLine('POST', '/data/api/action/datastore_search', 200, 3.14159, new Date('2026-01-02T03:04:05Z')))
      .toBe('2026-01-02T03:04:05.000Z POST /data/api/action/datastore_search 200 3.1ms')
  })

  it('keeps query parameter names but never their values', () => {
    expect(redactedPath('/data/api/action/datastore_search?resource_id=abc&q=secret%20words&q=x&limit=5'))
      .toBe('/data/api/action/datastore_search?resource_id&q&limit')
    expect(formatLogLine('GET', '/x?token=hunter2', 'aborted', 1)).not.toContain('hunter2')
  })

  it('keeps a request on one line whatever its parameter names hold (found by the fuzz test)', () => {
    const forged = '/d?a%0A2026-01-01T00:00:00.000Z%20GET%20/forged%20200%201.0ms%0D=1&b%20c&%E2%80%AE&%ED%A0%80=2&Économie'
    const line = formatLogLine('GET', forged, 200, 1, new Date('2026-01-02T03:04:05Z'))
    expect(line).toBe('2026-01-02T03:04:05.000Z GET /d?a%0A2026-01-01T00:00:00.000Z%20GET%20/forged%20200%201.0ms%0D&b%20c&%E2%80%AE&\ufffd\ufffd\ufffd&Économie 200 1.0ms')
    expect(line.split(/[\n\r\u2028\u2029]/)).toHaveLength(1)
  })
})
