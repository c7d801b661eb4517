// Is anything answering at an address the browser may not read? A `no-cors` request gets an opaque
// answer from a live server whatever its CORS headers, and fails only when nothing answers.
export type Reachability = 'answers' | 'unreachable'

export type ReachCheck = (url: string, signal?: AbortSignal) => Promise<Reachability>

export const REACH_TIMEOUT_MS = 10_000

export function createReachCheck(fetchImpl: typeof fetch = (input, init) => fetch(input, init), timeoutMs = REACH_TIMEOUT_MS): ReachCheck {
  return async (url, signal) => {
    const controller = new AbortController()
    const cancel = () => controller.abort()
    signal?.addEventListener('abort', cancel, { once: true })
    const timer = setTimeout(cancel, timeoutMs)
    try {
      // A simple GET: no preflight, no cookies, no referrer; the answer cannot be read, only seen.
      await fetchImpl(url, { method: 'GET', mode: 'no-cors', credentials: 'omit', cache: 'no-store', referrerPolicy: 'no-referrer', signal: controller.signal })
      return 'answers'
    } catch (error) {
      signal?.throwIfAborted()
      if (error instanceof Error && error.name !== 'TypeError' && error.name !== 'AbortError') throw error
      return 'unreachable'
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', cancel)
    }
  }
}
