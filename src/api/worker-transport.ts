// Demo transport: the same HttpRequestSpec, answered by the reference engine in a Web Worker; and
// the engine's column summary and grouping, which only the demo engine computes in one call.
import type { DemoWorkerClient, LoadProgress } from '../demo/worker-client.ts'
import type { HttpRequestSpec } from '../query/request-builder.ts'
import type { FieldInfo, GroupOptions, GroupRequest, GroupResult, RecordObject, SummaryRequest, TableSummary } from '../engine/index.ts'
import { DatastoreSearchError } from './api-error.ts'
import { successResult } from './body-text.ts'
import { loadAnswerReading } from './answer-reading-loader.ts'
import { takeOverAnswer } from './answer-columns.ts'
import type { DemoAnswer } from './demo-answer-reader.ts'
import { rawFromEngine } from './engine-raw.ts'
import type { LiveAnswer } from './live-worker-client.ts'
import type { ParseContext } from './parse-response.ts'
import type { ColumnBatch } from './record-columns.ts'
import { TransportError, type RawResponse, type SendOptions, type Transport } from './transport.ts'

/** The part of the demo worker client this transport uses. */
export type DemoRequestClient = Pick<DemoWorkerClient, 'request' | 'read' | 'summarize' | 'summarizeRecords' | 'group' | 'groupRecords'>

export interface WorkerTransport extends Transport {
  /**
   * Sends `spec` and has the worker parse the answer with the one response parser: the page receives
   * it parsed, records as columns, with nothing big left to parse here. Rejects with TransportError as `send` does.
   */
  search(spec: HttpRequestSpec, context: ParseContext, options?: SendOptions): Promise<LiveAnswer>
  /**
   * The engine's exact summary of the records matching the request's q/full_text/filters. Throws
   * `DatastoreSearchError`: `validation` (409, naming the field), `not-found`, `forbidden`,
   * `aborted` when `signal` fires, `demo-engine` when the worker fails.
   */
  summarize(request: SummaryRequest, signal?: AbortSignal): Promise<TableSummary>
  /** The engine's summary of records on hand (a live page), computed off the main thread. */
  summarizeRecords(fields: FieldInfo[], records: RecordObject[], signal?: AbortSignal): Promise<TableSummary>
  /** The engine's exact grouping of the matching records; throws as `summarize` does. */
  group(request: GroupRequest, signal?: AbortSignal): Promise<GroupResult>
  /** The engine's grouping of records on hand (loaded pages), computed off the main thread. */
  groupRecords(fields: FieldInfo[], records: RecordObject[], request: GroupOptions, signal?: AbortSignal): Promise<GroupResult>
}

export function createWorkerTransport(client: DemoRequestClient): WorkerTransport {
  return {
    async send(spec, { signal, onProgress }): Promise<RawResponse> {
      if (signal?.aborted) throw new TransportError('aborted', 'The query was cancelled.')
      const started = performance.now()
      try {
        const reply = await client.request(spec, {
          signal,
          onProgress: recordProgress(onProgress),
        })
        return rawFromEngine(reply, performance.now() - started)
      } catch (error) {
        throw engineFailure(error, signal, 'The query was cancelled.')
      }
    },

    async search(spec, context, { signal, onProgress } = {}): Promise<LiveAnswer> {
      if (signal?.aborted) throw new TransportError('aborted', 'The query was cancelled.')
      const started = performance.now()
      const parts: ColumnBatch[] = []
      try {
        const answer = (await client.read(spec, context, {
          signal,
          onProgress: recordProgress(onProgress),
          onPart: (part) => parts.push(part as ColumnBatch),
        })) as DemoAnswer
        // The time to the engine's answer, as `send` reports it: not the reading that follows it.
        const elapsedMs = Math.max(0, performance.now() - started - answer.readMs)
        return { status: answer.status, elapsedMs, outcome: takeOverAnswer(answer, parts) }
      } catch (error) {
        throw engineFailure(error, signal, 'The query was cancelled.')
      }
    },

    async summarizeRecords(fields, records, signal): Promise<TableSummary> {
      if (signal?.aborted) throw await summaryCancelled()
      try {
        return await client.summarizeRecords(fields, records, signal)
      } catch (error) {
        throw await summaryFailure(engineFailure(error, signal, SUMMARY_CANCELLED))
      }
    },

    summarize: (request, signal) => engineResult(() => client.summarize(request, signal), signal, summaryOf, { missing: 'no column summary', cancelled: SUMMARY_CANCELLED }),

    group: (request, signal) => engineResult(() => client.group(request, signal), signal, groupOf, { missing: 'no grouping', cancelled: GROUPING_CANCELLED }),

    async groupRecords(fields, records, request, signal): Promise<GroupResult> {
      if (signal?.aborted) throw await summaryCancelled(GROUPING_CANCELLED)
      try {
        return await client.groupRecords(fields, records, request, signal)
      } catch (error) {
        throw await summaryFailure(engineFailure(error, signal, GROUPING_CANCELLED))
      }
    },
  }
}

/** The result of a summary or grouping envelope, or the error it holds as a `DatastoreSearchError`. */
async function engineResult<T>(
  ask: () => Promise<{ status: number; body: unknown }>,
  signal: AbortSignal | undefined,
  read: (status: number, body: unknown) => T | undefined,
  words: { missing: string; cancelled: string },
): Promise<T> {
  const { missing, cancelled } = words
  if (signal?.aborted) throw await summaryCancelled(cancelled)
  const started = performance.now()
  let reply
  try {
    reply = await ask()
  } catch (error) {
    throw await summaryFailure(engineFailure(error, signal, cancelled))
  }
  const result = read(reply.status, reply.body)
  if (result) return result
  const raw: RawResponse = {
    status: reply.status,
    statusText: '',
    headers: [['content-type', 'application/json']],
    bodyText: JSON.stringify(reply.body),
    elapsedMs: performance.now() - started,
  }
  const { parseResponse } = await loadAnswerReading()
  const parsed = parseResponse(raw)
  if (!parsed.ok) throw new DatastoreSearchError(parsed.error)
  throw new DatastoreSearchError({
    kind: 'unsuccessful',
    status: reply.status,
    title: `The demo engine gave ${missing}`,
    message: `The answer holds ${missing}.`,
  })
}

async function summaryFailure(error: TransportError): Promise<DatastoreSearchError> {
  const { describeFailure } = await loadAnswerReading()
  return new DatastoreSearchError(describeFailure(error, { source: 'demo', url: '' }))
}

const SUMMARY_CANCELLED = 'The summary was cancelled.'
const GROUPING_CANCELLED = 'The grouping was cancelled.'

function summaryCancelled(message = SUMMARY_CANCELLED): Promise<DatastoreSearchError> {
  return summaryFailure(new TransportError('aborted', message))
}

/** What went wrong in the worker: `aborted` (saying `cancelled`) when `signal` fired, else `demo-engine`. */
function engineFailure(error: unknown, signal: AbortSignal | undefined, cancelled: string): TransportError {
  if (signal?.aborted) return new TransportError('aborted', cancelled)
  return new TransportError('demo-engine', error instanceof Error ? error.message : String(error))
}

/** The engine counts records: its progress in the transport's terms. */
function recordProgress(onProgress: SendOptions['onProgress']): ((progress: LoadProgress) => void) | undefined {
  return onProgress && (({ done, total }) => onProgress({ done, total, unit: 'records' }))
}

/** The `GroupResult` of a success envelope, or undefined. */
function groupOf(status: number, body: unknown): GroupResult | undefined {
  const result = successResult(status, body)
  if (!result || typeof result.total !== 'number' || typeof result.groups !== 'number' || !Array.isArray(result.rows)) return undefined
  return result as unknown as GroupResult
}

/** The `TableSummary` of a success envelope, or undefined. */
function summaryOf(status: number, body: unknown): TableSummary | undefined {
  const result = successResult(status, body)
  if (!result || typeof result.total !== 'number' || !Array.isArray(result.fields)) return undefined
  return result as unknown as TableSummary
}
