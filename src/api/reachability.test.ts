import { describe, expect, it, vi } from 'vitest'
import { createReachCheck } from './reachability.ts'

/** A fetch that never answers, until it is aborted. */
const hang: typeof fetch = (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))

describe('createReachCheck', () => {
  it('an opaque answer means the server is up; the request is a plain no-cors GET without cookies', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(null, { status: 200 }))
    expect(await createReachCheck(fetchImpl)('https://portal.example/api/action/datastore_search?resource_id=x&limit=0')).toBe('answers')
    expect(fetchImpl.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', mode: 'no-cors', credentials: 'omit', referrerPolicy: 'no-referrer' })
  })

  it('a TypeError (refused, DNS, reset) or no answer in time means nothing answers', async () => {
    expect(await createReachCheck(async () => Promise.reject(new TypeError('Failed to fetch')))('https://down.example/')).toBe('unreachable')
    expect(await createReachCheck(hang, 20)('https://slow.example/')).toBe('unreachable')
  })

  it('a cancelled probe stays cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(createReachCheck(async () => Promise.reject(new DOMException('aborted', 'AbortError')))('https://portal.example/', controller.signal)).rejects.toThrow(/abort/i)
  })
})
