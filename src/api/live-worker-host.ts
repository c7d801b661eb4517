// The live-answer worker's work, apart from the worker global so plain tests can run it: send with
// the same fetch transport the page uses (or take an answer the page fetched), parse with the one
// response parser (lists are rebuilt there), and post the records as columns (record-columns.ts), a
// few per message, buffers transferred (answer-columns.ts).
import { handOffAnswer } from './answer-columns.ts'
import { createFetchTransport } from './fetch-transport.ts'
import type { FromLiveWorker, ToLiveWorker } from './live-worker-protocol.ts'
import { parseResponse, type ParseContext } from './parse-response.ts'
import { TransportError, type RawResponse, type TransferProgress } from './transport.ts'

/** Byte progress is posted at most this often (each message wakes the page). */
const PROGRESS_EVERY_MS = 100

export interface LiveWorkerHost {
  receive(message: ToLiveWorker): void
}

export type PostToPage = (message: FromLiveWorker, transfer?: Transferable[]) => void

export function createLiveWorkerHost(post: PostToPage, options: { fetchImpl?: typeof fetch } = {}): LiveWorkerHost {
  const transport = createFetchTransport({ fetchImpl: options.fetchImpl })
  const running = new Map<number, AbortController>()

  /** Parses `raw` and posts the answer: its columns, then the rest. */
  const answer = (id: number, raw: RawResponse, context: ParseContext, signal?: AbortSignal) => {
    const outcome = parseResponse(raw, context)
    // Cancelled while parsing: the page has moved on.
    if (signal?.aborted) return
    const rest = handOffAnswer(outcome, (part, transfer) => post({ kind: 'columns', id, part }, transfer))
    post({ kind: 'answered', id, status: raw.status, elapsedMs: raw.elapsedMs, ...rest })
  }

  const fail = (id: number, error: unknown) => {
    if (error instanceof TransportError) {
      post({ kind: 'transport-failed', id, failure: { kind: error.kind, message: error.message, details: error.details } })
    } else {
      post({ kind: 'failed', id, message: error instanceof Error ? error.message : String(error) })
    }
  }

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
      answer(id, raw, context, controller.signal)
    } catch (error) {
      if (!controller.signal.aborted) fail(id, error)
    } finally {
      running.delete(id)
    }
  }

  // Parsed at once, in one go: a cancel can only come after it (the page then ignores the answer).
  const parse = ({ id, raw, context }: Extract<ToLiveWorker, { kind: 'parse' }>): void => {
    try {
      answer(id, raw, context)
    } catch (error) {
      fail(id, error)
    }
  }

  return {
    receive: (message) => {
      if (message.kind === 'search') void search(message)
      else if (message.kind === 'parse') parse(message)
      else running.get(message.id)?.abort()
    },
  }
}
