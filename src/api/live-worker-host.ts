// The live-answer worker's work, apart from the worker global so plain tests can run it: send with
// the same fetch transport the page uses, parse with the one response parser (lists are rebuilt
// there), and post the records in slices small enough that the page reads each one quickly.
import { createFetchTransport } from './fetch-transport.ts'
import type { FromLiveWorker, ToLiveWorker } from './live-worker-protocol.ts'
import { parseResponse } from './parse-response.ts'
import { TransportError, type TransferProgress } from './transport.ts'

/** Values per records message: the page reads a message of 25,000 short values in about 15 ms. */
export const CELLS_PER_MESSAGE = 25_000
/** Byte progress is posted at most this often (each message wakes the page). */
const PROGRESS_EVERY_MS = 100

export interface LiveWorkerHost {
  receive(message: ToLiveWorker): void
}

export function createLiveWorkerHost(post: (message: FromLiveWorker) => void, options: { fetchImpl?: typeof fetch } = {}): LiveWorkerHost {
  const transport = createFetchTransport({ fetchImpl: options.fetchImpl })
  const running = new Map<number, AbortController>()

  const search = async ({ id, spec, context, timeoutMs }: Extract<ToLiveWorker, { kind: 'search' }>): Promise<void> => {
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
      const raw = await transport.send(spec, { signal: controller.signal, onProgress, ...(timeoutMs === undefined ? {} : { timeoutMs }) })
      // The last byte count always arrives, however soon after the one before.
      if (unposted) post({ kind: 'progress', id, progress: unposted })
      const outcome = parseResponse(raw, context)
      // Cancelled while parsing: the page has moved on.
      if (controller.signal.aborted) return
      const answered = { kind: 'answered', id, status: raw.status, elapsedMs: raw.elapsedMs } as const
      if (!outcome.ok) return post({ ...answered, outcome })
      const { records, fields } = outcome.result
      const size = Math.max(1, Math.floor(CELLS_PER_MESSAGE / Math.max(1, fields.length)))
      for (let start = 0; start < records.length; start += size) post({ kind: 'records', id, records: records.slice(start, start + size) })
      post({ ...answered, outcome: { ok: true, result: { ...outcome.result, records: [] } } })
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
