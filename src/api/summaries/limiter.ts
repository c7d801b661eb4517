// At most N tasks at once; the rest wait in order. A waiting task whose signal aborts leaves the queue
// without ever starting, so a changed query frees its places at once.

export type Limiter = <T>(task: () => Promise<T>, signal?: AbortSignal) => Promise<T>

export function createLimiter(slots: number): Limiter {
  let running = 0
  const waiting: (() => void)[] = []

  const release = () => {
    running--
    waiting.shift()?.()
  }

  return <T>(task: () => Promise<T>, signal?: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener('abort', onAbort)
        running++
        task().then(resolve, reject).finally(release)
      }
      const onAbort = () => {
        const at = waiting.indexOf(start)
        if (at >= 0) waiting.splice(at, 1)
        reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'))
      }
      if (signal?.aborted) {
        onAbort()
        return
      }
      if (running < slots) start()
      else {
        waiting.push(start)
        signal?.addEventListener('abort', onAbort, { once: true })
      }
    })
}
