// Who goes first on the server's one thread: a client's request, then background work (a file still
// loading, the indexes built after it). A request takes several turns of the event loop (its body
// read, the answer written); a background step taken in each of those turns added up to tens of ms.
// So background work takes a turn only while no request is under way, or once requests have kept
// it waiting for MAX_WAIT_MS, so that steady traffic slows a load down but never stops it. A request
// that waits for a load (a sort, a summary or SQL on a file still loading) is not under way while it
// waits: held, that load would take a turn only every MAX_WAIT_MS, and the request wait minutes.
import { AsyncLocalStorage } from 'node:async_hooks'
import { nextTurn } from './step-runner.ts'

/** One request, as the gate counts it. */
interface Presence {
  /** Counted among the requests under way (not while it waits for background work, nor once it has ended). */
  counted: boolean
  ended: boolean
}

/** Longest a background step waits for requests under way to end. */
export const MAX_WAIT_MS = 50

export class RequestGate {
  private underWay = 0
  private waiting: (() => void)[] = []
  private readonly current = new AsyncLocalStorage<Presence>()

  /**
   * A request starts: call `leave` once when it ends (answered, failed or abandoned), and run its work
   * `within` it, so that `waitForBackground` knows whose wait it is.
   */
  start(): { leave: () => void; within: <T>(work: () => T) => T } {
    const presence: Presence = { counted: true, ended: false }
    this.underWay++
    return {
      leave: () => {
        if (presence.ended) return
        presence.ended = true
        this.uncount(presence)
      },
      within: (work) => this.current.run(presence, work),
    }
  }

  /**
   * `load`, awaited by the request whose work this is: meanwhile that request does not hold background
   * work back (outside a request, or inside a wait already, it is `load` itself).
   */
  readonly waitForBackground = async <T>(load: Promise<T>): Promise<T> => {
    const presence = this.current.getStore()
    if (presence === undefined || !presence.counted) return load
    this.uncount(presence)
    try {
      return await load
    } finally {
      if (!presence.ended) {
        presence.counted = true
        this.underWay++
      }
    }
  }

  private uncount(presence: Presence): void {
    if (!presence.counted) return
    presence.counted = false
    if (--this.underWay === 0) this.release()
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
