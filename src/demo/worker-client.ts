// Main-thread side of the demo worker (no React): typed calls with request ids, cancel by
// AbortSignal, load progress, and recovery when the worker dies (every pending call is rejected
// with a clear message and the next call starts a fresh worker).
import type { FieldInfo, GroupOptions, GroupRequest, GroupResult, RecordObject, SummaryRequest, TableSummary } from '../engine/index.ts'
import type { DemoResourceSummary, FromWorker, LoadProgress, SerializedRequest, SerializedResponse, SummaryReply, ToWorker } from './protocol.ts'

export type { DemoResourceSummary, LoadProgress, SerializedRequest, SerializedResponse, SummaryReply } from './protocol.ts'

export interface DemoRequestOptions {
  signal?: AbortSignal
  onProgress?: (progress: LoadProgress) => void
}

export interface DemoReadOptions extends DemoRequestOptions {
  /** Each part of the answer, in order, as it arrives. */
  onPart?: (part: unknown) => void
}

export interface DemoWorkerClient {
  request(request: SerializedRequest, options?: DemoRequestOptions): Promise<SerializedResponse>
  /** Sends a request and has the worker's answer reader read the answer there (see AnswerReader): what it returned. */
  read(request: SerializedRequest, context: unknown, options?: DemoReadOptions): Promise<unknown>
  listResources(): Promise<DemoResourceSummary[]>
  /** The engine's column summary of a resource's matching records: its status and envelope. */
  summarize(request: SummaryRequest, signal?: AbortSignal): Promise<SummaryReply>
  /** The engine's summary of records on hand (a live page), computed in the worker. */
  summarizeRecords(fields: FieldInfo[], records: RecordObject[], signal?: AbortSignal): Promise<TableSummary>
  /** The engine's grouping of a resource's matching records: its status and envelope. */
  group(request: GroupRequest, signal?: AbortSignal): Promise<SummaryReply>
  /** The engine's grouping of records on hand (a live page), computed in the worker. */
  groupRecords(fields: FieldInfo[], records: RecordObject[], request: GroupOptions, signal?: AbortSignal): Promise<GroupResult>
  /** Loads a CSV or JSON file in the worker; resolves with the new resource (a fresh UUID). */
  addFile(file: File, options?: DemoRequestOptions): Promise<DemoResourceSummary>
  /** Stops the worker; pending calls are rejected. A later call starts a new worker. */
  terminate(): void
}

/** What the client needs of a Worker (a real one, or a stand-in in tests). */
export interface WorkerLike {
  postMessage(message: ToWorker): void
  terminate(): void
  addEventListener(type: 'message' | 'error' | 'messageerror', listener: (event: Event) => void): void
}

export class DemoWorkerError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DemoWorkerError'
  }
}

interface Pending {
  settle: (message: FromWorker) => void
  fail: (error: Error) => void
  onProgress?: (progress: LoadProgress) => void
  onPart?: (part: unknown) => void
}

function abortError(): DOMException {
  return new DOMException('The request was cancelled.', 'AbortError')
}

function unexpected(message: FromWorker): never {
  throw new DemoWorkerError(`The demo engine sent an unexpected "${message.kind}" answer.`)
}

/** `createWorker` starts the worker (its entry decides how answers are read; see AnswerReader). */
export function createDemoWorkerClient(createWorker: () => WorkerLike): DemoWorkerClient {
  let worker: WorkerLike | undefined
  let nextId = 1
  const pending = new Map<number, Pending>()

  const failAll = (error: Error): void => {
    const calls = [...pending.values()]
    pending.clear()
    for (const call of calls) call.fail(error)
  }

  const crash = (current: WorkerLike, event: Event): void => {
    if (worker !== current) return
    event.preventDefault()
    worker = undefined
    current.terminate()
    const detail = 'message' in event && typeof event.message === 'string' && event.message !== '' ? ` (${event.message})` : ''
    failAll(new DemoWorkerError(`The demo engine stopped unexpectedly${detail}. Run the query again to restart it; files you added must be added again.`))
  }

  const ensureWorker = (): WorkerLike => {
    if (worker !== undefined) return worker
    const created = createWorker()
    created.addEventListener('message', (event) => {
      const message = (event as MessageEvent<FromWorker>).data
      const call = pending.get(message.id)
      if (call === undefined) return
      if (message.kind === 'progress') call.onProgress?.(message.progress)
      else if (message.kind === 'part') call.onPart?.(message.part)
      else {
        pending.delete(message.id)
        call.settle(message)
      }
    })
    created.addEventListener('error', (event) => crash(created, event))
    created.addEventListener('messageerror', (event) => crash(created, event))
    worker = created
    return created
  }

  const call = <T>(build: (id: number) => ToWorker, accept: (message: FromWorker) => T, options: DemoReadOptions = {}): Promise<T> => {
    const { signal, onProgress, onPart } = options
    if (signal?.aborted) return Promise.reject(abortError())
    const target = ensureWorker()
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => {
        if (!pending.delete(id)) return
        // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a Worker has no target origin
        worker?.postMessage({ kind: 'cancel', id })
        reject(abortError())
      }
      pending.set(id, {
        onProgress,
        onPart,
        fail: (error) => {
          signal?.removeEventListener('abort', onAbort)
          reject(error)
        },
        settle: (message) => {
          signal?.removeEventListener('abort', onAbort)
          if (message.kind === 'failed') reject(new DemoWorkerError(message.message))
          else {
            try {
              resolve(accept(message))
            } catch (error) {
              reject(error)
            }
          }
        },
      })
      signal?.addEventListener('abort', onAbort, { once: true })
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a Worker has no target origin
      target.postMessage(build(id))
    })
  }

  return {
    request: (request, options) =>
      call((id) => ({ kind: 'request', id, request }), (message) => (message.kind === 'response' ? message.response : unexpected(message)), options),
    read: (request, context, options) =>
      call((id) => ({ kind: 'read', id, request, context }), (message) => (message.kind === 'read' ? message.answer : unexpected(message)), options),
    listResources: () =>
      call((id) => ({ kind: 'list', id }), (message) => (message.kind === 'resources' ? message.resources : unexpected(message))),
    summarize: (request, signal) =>
      call((id) => ({ kind: 'summarize', id, request }), (message) => (message.kind === 'summary' ? message.reply : unexpected(message)), { signal }),
    summarizeRecords: (fields, records, signal) =>
      call(
        (id) => ({ kind: 'summarizeRecords', id, fields, records }),
        (message) => (message.kind === 'recordsSummary' ? message.summary : unexpected(message)),
        { signal },
      ),
    group: (request, signal) =>
      call((id) => ({ kind: 'group', id, request }), (message) => (message.kind === 'grouped' ? message.reply : unexpected(message)), { signal }),
    groupRecords: (fields, records, request, signal) =>
      call(
        (id) => ({ kind: 'groupRecords', id, fields, records, request }),
        (message) => (message.kind === 'recordsGrouped' ? message.result : unexpected(message)),
        { signal },
      ),
    addFile: (file, options) =>
      call((id) => ({ kind: 'addFile', id, file }), (message) => (message.kind === 'added' ? message.resource : unexpected(message)), options),
    terminate: () => {
      const current = worker
      worker = undefined
      current?.terminate()
      failAll(new DemoWorkerError('The demo engine was shut down.'))
    },
  }
}
