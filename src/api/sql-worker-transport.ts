// Demo SQL transport: `datastore_search_sql` answered by PGlite in a Web Worker of its own, started on
// the first SQL query. Cancelling a statement terminates the worker (a running statement cannot be
// stopped any other way); statements still waiting in it go to a fresh one, which loads again what it
// needs.
import type { SerializedResponse } from '../demo/protocol.ts'
import type { FromSqlWorker, SqlOwnFile, ToSqlWorker } from '../demo/sql-protocol.ts'
import { rawFromEngine } from './engine-raw.ts'
import { beginEngineStart } from './engine-start.ts'
import { TransportError, type SendOptions, type Transport } from './transport.ts'

/** What the transport needs of a Worker (a real one, or a stand-in in tests). */
export interface SqlWorkerLike {
  postMessage(message: ToSqlWorker): void
  terminate(): void
  addEventListener(type: 'message' | 'error', listener: (event: Event) => void): void
}

export interface SqlWorkerTransport extends Transport {
  /** An added file the SQL engine may load (under the demo engine's id for it) when a statement names it. */
  addFile(file: SqlOwnFile): void
  /**
   * Starts the worker and PostgreSQL in it ahead of the first statement (and loads `resourceId` when
   * small); an engine start (engine-start.ts) until the worker says it is over or the worker stops.
   */
  warm(resourceId?: string): void
  /** Stops the worker and every statement in it. */
  terminate(): void
}

interface Pending {
  /** What was posted, to post again to a fresh worker when another statement's cancel ends this one. */
  request: Extract<ToSqlWorker, { kind: 'request' }>
  resolve: (response: SerializedResponse) => void
  reject: (error: Error) => void
  onProgress?: SendOptions['onProgress']
}

export function createSqlWorkerTransport(startWorker: () => SqlWorkerLike): SqlWorkerTransport {
  let worker: SqlWorkerLike | undefined
  const files: SqlOwnFile[] = []
  const pending = new Map<number, Pending>()
  let nextId = 1

  /** The end of each warm-up not yet over, in the order they were asked. */
  let warming: (() => void)[] = []

  const stop = (error: TransportError) => {
    worker?.terminate()
    worker = undefined
    for (const end of warming) end()
    warming = []
    for (const call of pending.values()) call.reject(error)
    pending.clear()
  }

  // The statement may be deep inside PostgreSQL: only ending the worker stops it. The statements
  // behind it (a new one, run while this one was loading, cancels this one) go to a fresh worker.
  const cancel = (id: number) => {
    const call = pending.get(id)
    if (!call) return
    pending.delete(id)
    const waiting = [...pending.values()]
    pending.clear()
    stop(new TransportError('aborted', 'The SQL engine was stopped.'))
    call.reject(new TransportError('aborted', 'The query was cancelled; the SQL engine was stopped.'))
    if (waiting.length === 0) return
    const fresh = started()
    for (const other of waiting) {
      pending.set(other.request.id, other)
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a Worker has no target origin
      fresh.postMessage(other.request)
    }
  }

  const started = (): SqlWorkerLike => {
    if (worker) return worker
    const fresh = startWorker()
    fresh.addEventListener('message', (event) => {
      const message = (event as MessageEvent<FromSqlWorker>).data
      if (message.kind === 'warmed') {
        warming.shift()?.()
        return
      }
      const call = pending.get(message.id)
      if (!call) return
      if (message.kind === 'progress') {
        const { done, total } = message.progress
        call.onProgress?.({ done, total: total > 0 ? total : 1, unit: 'records' })
        return
      }
      pending.delete(message.id)
      if (message.kind === 'response') call.resolve(message.response)
      else call.reject(new TransportError('demo-engine', message.message))
    })
    fresh.addEventListener('error', (event) => {
      const said = event instanceof ErrorEvent && event.message ? event.message : 'the worker stopped'
      stop(new TransportError('demo-engine', `The SQL engine failed: ${said}.`))
    })
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a Worker has no target origin
    if (files.length > 0) fresh.postMessage({ kind: 'files', files })
    worker = fresh
    return fresh
  }

  return {
    async send(spec, { signal, onProgress } = {}) {
      if (signal?.aborted) throw new TransportError('aborted', 'The query was cancelled.')
      const begun = performance.now()
      const target = started()
      const id = nextId++
      const cancelThis = () => cancel(id)
      signal?.addEventListener('abort', cancelThis, { once: true })
      try {
        const response = await new Promise<SerializedResponse>((resolve, reject) => {
          const request = { kind: 'request' as const, id, request: { method: spec.method, url: spec.url, headers: spec.headers, body: spec.body } }
          pending.set(id, { request, resolve, reject, onProgress })
          // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a Worker has no target origin
          target.postMessage(request)
        })
        return rawFromEngine(response, performance.now() - begun)
      } finally {
        signal?.removeEventListener('abort', cancelThis)
      }
    },
    addFile(file) {
      files.push(file)
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a Worker has no target origin
      worker?.postMessage({ kind: 'files', files: [file] })
    },
    warm(resourceId) {
      const target = started()
      warming.push(beginEngineStart())
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a Worker has no target origin
      target.postMessage(resourceId === undefined ? { kind: 'warm' } : { kind: 'warm', resourceId })
    },
    terminate() {
      stop(new TransportError('aborted', 'The SQL engine was stopped.'))
    },
  }
}
