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
})
