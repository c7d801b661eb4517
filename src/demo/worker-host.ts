// The worker's message handling, separate from the worker global so it can be tested in Node: it
// turns serialized requests into real `Request`s for the engine's handler and answers by id.
import { Catalog, createDatastoreHandler, datastoreGroup, datastoreSummary, groupRecords, summarizeRecords, type GroupRequest, type SummaryRequest } from '../engine/index.ts'
import type { GeneratorWorkerLike } from './generated-chunks.ts'
import { DataFileError, formatFromName, loadDataFile } from './load-file.ts'
import { DEMO_BASE_URL } from './metadata.ts'
import { indexWhenIdle } from './idle-index.ts'
import { nextTask } from './next-task.ts'
import { registerDemoResources } from './register.ts'
import type { AnswerReader, DemoResourceSummary, FromWorker, LoadProgress, SerializedRequest, SerializedResponse, ToWorker } from './protocol.ts'

export interface WorkerHostOptions {
  catalog: Catalog
  handler: (request: Request) => Promise<Response>
  post: PostToPage
  newId?: () => string
  /** Reads `read` answers in the worker; without it they fail. */
  readAnswer?: AnswerReader
}

export type PostToPage = (message: FromWorker, transfer?: Transferable[]) => void

export interface WorkerHost {
  receive(message: ToWorker): void
  /** Forwards load progress of a catalog resource to every request waiting meanwhile. */
  reportLoadProgress(resourceId: string, done: number, total: number): void
  /**
   * Resolves in a task of its own once no request is under way and none has ended in the last
   * `IDLE_AFTER_ANSWER_MS`: idle work (index building after a load) waits here before each step, so
   * a search, summary or grouping has the thread to itself, and so do the requests that follow it.
   */
  idle(): Promise<void>
}

/**
 * How long idle work stays off after an answer. The page often asks again right after an answer (the
 * next field's summary, the next key typed): it asks one summary at a time, and the gap until the
 * next one is a round trip through the page (tens of ms, longer under load). Idle work resumed in
 * that gap took the thread from the summaries that followed, about half a second over all fields
 * at a million records.
 */
export const IDLE_AFTER_ANSWER_MS = 250

export function createWorkerHost(options: WorkerHostOptions): WorkerHost {
  const { catalog, handler, post } = options
  const newId = options.newId ?? (() => crypto.randomUUID())
  const waiting = new Set<number>()
  const cancelled = new Set<number>()
  /** Idle work waiting for the requests under way to end. */
  const idleWork: (() => void)[] = []
  let lastAnswerAt = Number.NEGATIVE_INFINITY

  const titleOf = (resourceId: string): string =>
    catalog.list().find((summary) => summary.id === resourceId)?.title ?? resourceId

  const answer = (message: FromWorker): void => {
    waiting.delete(message.id)
    lastAnswerAt = performance.now()
    if (waiting.size === 0) for (const resume of idleWork.splice(0)) resume()
    if (cancelled.delete(message.id)) return
    post(message)
  }

  const idle = async (): Promise<void> => {
    await nextTask()
    for (;;) {
      if (waiting.size > 0) await new Promise<void>((resolve) => idleWork.push(resolve))
      else {
        const quietFor = performance.now() - lastAnswerAt
        if (quietFor >= IDLE_AFTER_ANSWER_MS) return
        await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_ANSWER_MS - quietFor))
      }
    }
  }

  const summaryOf = (resourceId: string): DemoResourceSummary => {
    const summary = catalog.list().find((candidate) => candidate.id === resourceId)
    if (summary === undefined) throw new Error(`resource ${resourceId} vanished from the catalog`)
    return summary
  }

  const handleRequest = async (id: number, serialized: SerializedRequest): Promise<void> => {
    waiting.add(id)
    try {
      answer({ kind: 'response', id, response: await run(handler, serialized) })
    } catch (error) {
      answer({ kind: 'failed', id, message: `The demo engine could not answer: ${messageOf(error)}` })
    }
  }

  const handleRead = async (id: number, serialized: SerializedRequest, context: unknown): Promise<void> => {
    waiting.add(id)
    try {
      const { readAnswer } = options
      if (readAnswer === undefined) throw new Error('this worker reads no answers')
      const response = await run(handler, serialized)
      // Cancelled while the engine worked: nothing more to do.
      if (cancelled.has(id)) return answer({ kind: 'failed', id, message: 'cancelled' })
      const read = readAnswer(response, context, (part, transfer) => post({ kind: 'part', id, part }, transfer))
      answer({ kind: 'read', id, answer: read })
    } catch (error) {
      answer({ kind: 'failed', id, message: `The demo engine could not answer: ${messageOf(error)}` })
    }
  }

  /** A summary or a grouping: the resource loaded first, then the engine's steps, paced and cancellable. */
  const handleResourceWork = async (
    id: number,
    request: SummaryRequest | GroupRequest,
    work: (pacing: { pause: () => Promise<void>; isCancelled: () => boolean }) => Promise<{ status: number; body: unknown }>,
    reply: (answer: { status: number; body: unknown }) => FromWorker,
    failure: string,
  ): Promise<void> => {
    waiting.add(id)
    try {
      // load first (reporting progress), so work cancelled meanwhile is never computed
      const entry = typeof request === 'object' && request !== null ? catalog.resolve(String(request.resource_id)) : undefined
      if (entry && !entry.isPrivate) await catalog.prepare(entry.id)
      if (cancelled.has(id)) {
        answer({ kind: 'failed', id, message: 'cancelled' })
        return
      }
      // a step at a time, letting searches that arrive meanwhile run in between, stopping when cancelled
      const pacing = { pause: nextTask, isCancelled: () => cancelled.has(id) }
      answer(reply(await work(pacing)))
    } catch (error) {
      answer({ kind: 'failed', id, message: `${failure}: ${messageOf(error)}` })
    }
  }
  const handleSummarize = (id: number, request: SummaryRequest) =>
    handleResourceWork(id, request, (pacing) => datastoreSummary(catalog, request, { tokens: [] }, pacing), (reply) => ({ kind: 'summary', id, reply }), 'The demo engine could not summarise')
  const handleGroup = (id: number, request: GroupRequest) =>
    handleResourceWork(id, request, (pacing) => datastoreGroup(catalog, request, { tokens: [] }, pacing), (reply) => ({ kind: 'grouped', id, reply }), 'The demo engine could not group')

  const handleAddFile = async (id: number, file: File): Promise<void> => {
    const resourceId = newId()
    const report = (done: number, total: number): void => {
      if (!cancelled.has(id)) post({ kind: 'progress', id, progress: { resourceId, title: file.name, done, total, unit: 'bytes' } })
    }
    const format = formatFromName(file.name) ?? formatFromType(file.type)
    let queryable = false
    try {
      // In the catalog from the start, so searches can answer from the part read so far.
      catalog.add({
        id: resourceId,
        title: file.name,
        load: (_onProgress, onPartial) =>
          loadDataFile(file, {
            name: file.name,
            format,
            onProgress: report,
            onPartial: (table, expectedSize) => {
              onPartial?.(table, expectedSize)
              if (!queryable && !cancelled.has(id)) post({ kind: 'progress', id, progress: { resourceId, title: file.name, done: 0, total: 0, unit: 'bytes', queryable: true } })
              queryable = true
            },
          }),
      })
      const table = await catalog.prepare(resourceId)
      void indexWhenIdle(table, { summaries: true }, idle)
      answer({ kind: 'added', id, resource: summaryOf(resourceId) })
    } catch (error) {
      catalog.remove(resourceId)
      answer({ kind: 'failed', id, message: error instanceof DataFileError ? error.message : `${file.name}: ${messageOf(error)}` })
    }
  }

  return {
    receive(message) {
      switch (message.kind) {
        case 'request':
          void handleRequest(message.id, message.request)
          break
        case 'read':
          void handleRead(message.id, message.request, message.context)
          break
        case 'cancel':
          cancelled.add(message.id)
          break
        case 'list':
          post({ kind: 'resources', id: message.id, resources: catalog.list().map((summary) => summaryOf(summary.id)) })
          break
        case 'addFile':
          void handleAddFile(message.id, message.file)
          break
        case 'summarize':
          void handleSummarize(message.id, message.request)
          break
        case 'summarizeRecords':
          try {
            post({ kind: 'recordsSummary', id: message.id, summary: summarizeRecords(message.fields, message.records) })
          } catch (error) {
            post({ kind: 'failed', id: message.id, message: `The demo engine could not summarise the records: ${messageOf(error)}` })
          }
          break
        case 'group':
          void handleGroup(message.id, message.request)
          break
        case 'groupRecords':
          try {
            post({ kind: 'recordsGrouped', id: message.id, result: groupRecords(message.fields, message.records, message.request) })
          } catch (error) {
            post({ kind: 'failed', id: message.id, message: `The demo engine could not group the records: ${messageOf(error)}` })
          }
          break
      }
    },
    idle,
    reportLoadProgress(resourceId, done, total) {
      const progress: LoadProgress = { resourceId, title: titleOf(resourceId), done, total, unit: 'records' }
      for (const id of waiting) if (!cancelled.has(id)) post({ kind: 'progress', id, progress })
    },
  }
}

/** The worker's whole engine: a catalog of the demo resources, the handler, and the host. */
export function createDemoWorkerHost(post: PostToPage, options: { largeRecordCount?: number; readAnswer?: AnswerReader; generatorWorker?: () => GeneratorWorkerLike } = {}): WorkerHost {
  const catalog = new Catalog()
  const handler = createDatastoreHandler({ catalog, basePath: new URL(DEMO_BASE_URL).pathname, tokens: [] })
  const host = createWorkerHost({ catalog, handler, post, readAnswer: options.readAnswer })
  registerDemoResources(catalog, {
    largeRecordCount: options.largeRecordCount,
    prepareSummaries: true,
    idle: host.idle,
    onLoadProgress: (resourceId, done, total) => host.reportLoadProgress(resourceId, done, total),
    generatorWorker: options.generatorWorker,
  })
  return host
}

/** A serialized request through the engine's handler, its answer serialized (the SQL worker serves the same way). */
export async function run(handler: (request: Request) => Promise<Response>, serialized: SerializedRequest): Promise<SerializedResponse> {
  const hasBody = serialized.body !== undefined && serialized.method !== 'GET' && serialized.method !== 'HEAD'
  const request = new Request(serialized.url, {
    method: serialized.method,
    headers: serialized.headers,
    body: hasBody ? serialized.body : undefined,
  })
  const response = await handler(request)
  return { status: response.status, statusText: response.statusText, headers: [...response.headers], body: await response.text() }
}

function formatFromType(type: string): 'csv' | 'json' | undefined {
  if (type === 'text/csv') return 'csv'
  if (type === 'application/json') return 'json'
  return undefined
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
