// The demo engine's answers as the page reads them, and, for big pages, read in the demo worker
// itself: the engine's HTTP answer is parsed there by the one response parser and handed over as
// columns (answer-columns.ts), so the page never parses a big JSON text on its own thread.
import type { AnswerReader, SerializedResponse } from '../demo/protocol.ts'
import { handOffAnswer, type AnswerRest } from './answer-columns.ts'
import { parseResponse, type ParseContext } from './parse-response.ts'
import type { RecordColumn } from './record-columns.ts'
import type { RawResponse } from './transport.ts'

/** The engine's answer exactly as a live server's would reach the parser. */
export function rawFromEngine(reply: SerializedResponse, elapsedMs: number): RawResponse {
  return {
    status: reply.status,
    statusText: reply.statusText,
    headers: reply.headers.map(([name, value]) => [name.toLowerCase(), value]),
    bodyText: reply.body,
    elapsedMs,
  }
}

/** What the demo worker sends back of a read answer: its status and the parsed rest (records in the columns posted before). */
export interface DemoAnswer extends AnswerRest {
  status: number
  /** Spent reading the answer in the worker, which a page-read answer's time never included. */
  readMs: number
}

/** Runs in the demo worker: parses the engine's answer and posts its records column by column. */
export const readDemoAnswer: AnswerReader = (response, context, postPart): DemoAnswer => {
  const started = performance.now()
  const outcome = parseResponse(rawFromEngine(response, 0), context as ParseContext)
  const rest = handOffAnswer(outcome, (column: RecordColumn, transfer) => postPart(column, transfer))
  return { status: response.status, readMs: performance.now() - started, ...rest }
}
