// Demo transport: the same HttpRequestSpec, answered by the reference engine in a Web Worker; and
// the engine's column summary, which only the demo engine computes in one call.
import type { DemoWorkerClient, LoadProgress } from '../demo/worker-client.ts'
import type { HttpRequestSpec } from '../query/request-builder.ts'
import type { FieldInfo, RecordObject, SummaryRequest, TableSummary } from '../engine/index.ts'
import { DatastoreSearchError } from './api-error.ts'
import { successResult } from './body-text.ts'
import { loadAnswerReading } from './answer-reading-loader.ts'
import { takeOverAnswer } from './answer-columns.ts'
import type { DemoAnswer } from './demo-answer-reader.ts'
import { rawFromEngine } from './engine-raw.ts'
import type { LiveAnswer } from './live-worker-client.ts'
import type { ParseContext } from './parse-response.ts'
import type { RecordColumn } from './record-columns.ts'
import { TransportError, type RawResponse, type SendOptions, type Transport } from './transport.ts'

/** The part of the demo worker client this transport uses. */
export type DemoRequestClient = Pick<DemoWorkerClient, 'request' | 'read' | 'summarize' | 'summarizeRecords'>

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
      const columns: RecordColumn[] = []
      try {
        const answer = (await client.read(spec, context, {
          signal,
          onProgress: recordProgress(onProgress),
          onPart: (part) => columns.push(part as RecordColumn),
        })) as DemoAnswer
        // The time to the engine's answer, as `send` reports it: not the reading that follows it.
        const elapsedMs = Math.max(0, performance.now() - started - answer.readMs)
        return { status: answer.status, elapsedMs, outcome: takeOverAnswer(answer, columns) }
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

    async summarize(request, signal): Promise<TableSummary> {
      if (signal?.aborted) throw await summaryCancelled()
      const started = performance.now()
      let reply
      try {
        reply = await client.summarize(request, signal)
      } catch (error) {
        throw await summaryFailure(engineFailure(error, signal, SUMMARY_CANCELLED))
      }
      const summary = summaryOf(reply.status, reply.body)
      if (summary) return summary
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
        title: 'The demo engine gave no summary',
        message: 'The answer holds no column summary.',
      })
    },
  }
}

async function summaryFailure(error: TransportError): Promise<DatastoreSearchError> {
  const { describeFailure } = await loadAnswerReading()
  return new DatastoreSearchError(describeFailure(error, { source: 'demo', url: '' }))
}

const SUMMARY_CANCELLED = 'The summary was cancelled.'

function summaryCancelled(): Promise<DatastoreSearchError> {
  return summaryFailure(new TransportError('aborted', SUMMARY_CANCELLED))
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

/** The `TableSummary` of a success envelope, or undefined. */
function summaryOf(status: number, body: unknown): TableSummary | undefined {
  const result = successResult(status, body)
  if (!result || typeof result.total !== 'number' || !Array.isArray(result.fields)) return undefined
  return result as unknown as TableSummary
}
