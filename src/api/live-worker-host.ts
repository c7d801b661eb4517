// The live-answer worker's work, apart from the worker global so plain tests can run it: send with
// the same fetch transport the page uses, parse with the one response parser (lists are rebuilt
// there), and post the records as columns (record-columns.ts), one message each, buffers transferred.
import { handOffAnswer } from './answer-columns.ts'
import { createFetchTransport } from './fetch-transport.ts'
import type { FromLiveWorker, ToLiveWorker } from './live-worker-protocol.ts'
import { parseResponse } from './parse-response.ts'
import { TransportError, type TransferProgress } from './transport.ts'

/** Byte progress is posted at most this often (each message wakes the page). */
const PROGRESS_EVERY_MS = 100

export interface LiveWorkerHost {
  receive(message: ToLiveWorker): void
}

export type PostToPage = (message: FromLiveWorker, transfer?: Transferable[]) => void

export function createLiveWorkerHost(post: PostToPage, options: { fetchImpl?: typeof fetch } = {}): LiveWorkerHost {
  const transport = createFetchTransport({ fetchImpl: options.fetchImpl })
  const running = new Map<number, AbortController>()

  const search = async ({ id, spec, context, timeoutMs, maxBytes }: Extract<ToLiveWorker, { kind: 'search' }>): Promise<void> => {
    const controller = new AbortController()
    running.set(id, controller)
    let postedAt = Number.NEGATIVE_INFINITY
    let unposted: TransferProgress | undefined
    const onProgress = (progress: TransferProgress) => {
      const now = performance.now()
      unposted = progress
      if (now - postedAt < PROGRESS_EVERY_MS) return
      postedAt = now
      unposted = undefined
      post({ kind: 'progress', id, progress })
    }
    try {
      const raw = await transport.send(spec, { signal: controller.signal, onProgress, ...(timeoutMs === undefined ? {} : { timeoutMs }), ...(maxBytes === undefined ? {} : { maxBytes }) })
      // The last byte count always arrives, however soon after the one before.
      if (unposted) post({ kind: 'progress', id, progress: unposted })
      const outcome = parseResponse(raw, context)
      // Cancelled while parsing: the page has moved on.
      if (controller.signal.aborted) return
      const rest = handOffAnswer(outcome, (column, transfer) => post({ kind: 'column', id, column }, transfer))
      post({ kind: 'answered', id, status: raw.status, elapsedMs: raw.elapsedMs, ...rest })
    } catch (error) {
      if (controller.signal.aborted) return
      if (error instanceof TransportError) {
        post({ kind: 'transport-failed', id, failure: { kind: error.kind, message: error.message, details: error.details } })
      } else {
        post({ kind: 'failed', id, message: error instanceof Error ? error.message : String(error) })
      }
    } finally {
      running.delete(id)
    }
  }

  return {
    receive: (message) => {
      if (message.kind === 'search') void search(message)
      else running.get(message.id)?.abort()
    },
  }
}
