// The page's side of the live-answer worker (no React): one request in (or an answer the page
// fetched itself, too big to parse on the page), the parsed answer out, with request ids, cancel by
// AbortSignal (the worker's fetch is aborted), transport failures rebuilt as TransportErrors, and
// the records made from the columns they came in (record-columns.ts). When the worker cannot be
// used (it failed to start, crashed or broke), the call rejects with OffThreadUnavailable and the
// caller reads the answer on the page instead.
import type { HttpRequestSpec } from '../query/request-builder.ts'
import type { FromLiveWorker, ToLiveWorker } from './live-worker-protocol.ts'
import type { ParseContext, ParseOutcome } from './parse-response.ts'
import { takeOverAnswer } from './answer-columns.ts'
import type { ColumnBatch } from './record-columns.ts'
import { OffThreadUnavailable } from './off-thread.ts'
import { TransportError, type RawResponse, type SendOptions } from './transport.ts'

export interface LiveAnswer {
  outcome: ParseOutcome
  status: number
  elapsedMs: number
}

export interface LiveWorkerClient {
  /** Sends `spec` from the worker and parses the answer there. Rejects with TransportError or OffThreadUnavailable. */
  search(spec: HttpRequestSpec, context: ParseContext, options?: SendOptions): Promise<LiveAnswer>
  /** Parses in the worker an answer the page received. Rejects with OffThreadUnavailable (or TransportError when cancelled). */
  parse(raw: RawResponse, context: ParseContext, options?: Pick<SendOptions, 'signal'>): Promise<LiveAnswer>
  /** Stops the worker; pending calls reject with OffThreadUnavailable. A later call starts a new one. */
  terminate(): void
}

/** What the client needs of a Worker (a real one, or a stand-in in tests). */
export interface LiveWorkerLike {
  postMessage(message: ToLiveWorker): void
  terminate(): void
  addEventListener(type: 'message' | 'error' | 'messageerror', listener: (event: Event) => void): void
}

export { OffThreadUnavailable }

function createBrowserWorker(): LiveWorkerLike {
  return new Worker(new URL('./live-worker.ts', import.meta.url), { type: 'module', name: 'live-answers' }) as LiveWorkerLike
}

interface Pending {
  parts: ColumnBatch[]
  receive: (message: FromLiveWorker) => void
  fail: (error: Error) => void
}

export function createLiveWorkerClient(createWorker: () => LiveWorkerLike = createBrowserWorker): LiveWorkerClient {
  let worker: LiveWorkerLike | undefined
  let nextId = 1
  const pending = new Map<number, Pending>()

  const failAll = (error: Error) => {
    const calls = [...pending.values()]
    pending.clear()
    for (const call of calls) call.fail(error)
  }

  const crash = (current: LiveWorkerLike, event: Event) => {
    if (worker !== current) return
    event.preventDefault()
    worker = undefined
    current.terminate()
    failAll(new OffThreadUnavailable('The worker that reads big answers stopped.'))
  }

  const ensureWorker = (): LiveWorkerLike => {
    if (worker !== undefined) return worker
    const created = createWorker()
    created.addEventListener('message', (event) => {
      const message = (event as MessageEvent<FromLiveWorker>).data
      pending.get(message.id)?.receive(message)
    })
    created.addEventListener('error', (event) => crash(created, event))
    created.addEventListener('messageerror', (event) => crash(created, event))
    worker = created
    return created
  }

  /** Posts `message` (made with its id) and settles with the answer the worker gives for that id. */
  const call = (makeMessage: (id: number) => ToLiveWorker, options: Pick<SendOptions, 'signal' | 'onProgress'>): Promise<LiveAnswer> => {
    const { signal, onProgress } = options
    if (signal?.aborted) return Promise.reject(new TransportError('aborted', 'The query was cancelled.'))
    let target: LiveWorkerLike
    try {
      target = ensureWorker()
    } catch (error) {
      return Promise.reject(new OffThreadUnavailable(error instanceof Error ? error.message : String(error)))
    }
    const id = nextId++
    return new Promise<LiveAnswer>((resolve, reject) => {
      const settle = () => {
        pending.delete(id)
        signal?.removeEventListener('abort', onAbort)
      }
      const onAbort = () => {
        if (!pending.has(id)) return
        settle()
        // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a Worker has no target origin
        worker?.postMessage({ kind: 'cancel', id })
        reject(new TransportError('aborted', 'The query was cancelled.'))
      }
      const pendingCall: Pending = {
        parts: [],
        fail: (error) => {
          settle()
          reject(error)
        },
        receive: (message) => {
          switch (message.kind) {
            case 'progress':
              onProgress?.(message.progress)
              return
            case 'columns':
              pendingCall.parts.push(message.part)
              return
            case 'answered': {
              settle()
              resolve({ status: message.status, elapsedMs: message.elapsedMs, outcome: takeOverAnswer(message, pendingCall.parts) })
              return
            }
            case 'transport-failed':
              settle()
              reject(new TransportError(message.failure.kind, message.failure.message, message.failure.details))
              return
            case 'failed':
              settle()
              reject(new OffThreadUnavailable(message.message))
          }
        },
      }
      pending.set(id, pendingCall)
      signal?.addEventListener('abort', onAbort, { once: true })
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a Worker has no target origin
      target.postMessage(makeMessage(id))
    })
  }

  const search = (spec: HttpRequestSpec, context: ParseContext, options: SendOptions = {}): Promise<LiveAnswer> => {
    const { timeoutMs, maxBytes } = options
    return call((id) => ({ kind: 'search', id, spec, context, ...(timeoutMs === undefined ? {} : { timeoutMs }), ...(maxBytes === undefined ? {} : { maxBytes }) }), options)
  }

  const parse = (raw: RawResponse, context: ParseContext, options: Pick<SendOptions, 'signal'> = {}): Promise<LiveAnswer> => call((id) => ({ kind: 'parse', id, raw, context }), options)

  return {
    search,
    parse,
    terminate: () => {
      const current = worker
      worker = undefined
      current?.terminate()
      failAll(new OffThreadUnavailable('The worker that reads big answers was shut down.'))
    },
  }
}
