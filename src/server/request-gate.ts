// Who goes first on the server's one thread: a client's request, then background work (a file still
// loading, the indexes built after it). A request takes several turns of the event loop (its body
// read, the answer written); a background step taken in each of those turns added up to tens of ms.
// So background work takes a turn only while no request is under way, or once requests have kept
// it waiting for MAX_WAIT_MS, so that steady traffic slows a load down but never stops it.
import { nextTurn } from './step-runner.ts'

/** Longest a background step waits for requests under way to end. */
export const MAX_WAIT_MS = 50

export class RequestGate {
  private underWay = 0
  private waiting: (() => void)[] = []

  /** A request starts; call the function it returns once when it ends (answered, failed or abandoned). */
  enter(): () => void {
    this.underWay++
    let left = false
    return () => {
      if (left) return
      left = true
      if (--this.underWay === 0) this.release()
    }
  }

  /** Requests under way now. */
  requests(): number {
    return this.underWay
  }

  /** A turn of the event loop, then no request under way (or MAX_WAIT_MS of them): what a background step awaits. */
  readonly backgroundTurn = async (): Promise<void> => {
    await nextTurn()
    if (this.underWay === 0) return
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((waiter) => waiter !== done)
        resolve()
      }, MAX_WAIT_MS)
      const done = (): void => {
        clearTimeout(timer)
        resolve()
      }
      this.waiting.push(done)
    })
  }

  private release(): void {
    const waiting = this.waiting
    this.waiting = []
    for (const resume of waiting) resume()
  }
}
