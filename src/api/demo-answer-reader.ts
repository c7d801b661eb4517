// The demo engine's answers as the page reads them, and, for big pages, read in the demo worker
// itself: the engine's HTTP answer is parsed there by the one response parser and handed over as
// columns (answer-columns.ts), so the page never parses a big JSON text on its own thread.
import type { AnswerReader } from '../demo/protocol.ts'
import { handOffAnswer, type AnswerRest } from './answer-columns.ts'
import { parseResponse, type ParseContext } from './parse-response.ts'
import { rawFromEngine } from './engine-raw.ts'


/** What the demo worker sends back of a read answer: its status and the parsed rest (records in the columns posted before). */
export interface DemoAnswer extends AnswerRest {
  status: number
  /** Spent reading the answer in the worker, which a page-read answer's time never included. */
  readMs: number
}

/** Runs in the demo worker: parses the engine's answer and posts its records as columns, a few per part. */
export const readDemoAnswer: AnswerReader = (response, context, postPart): DemoAnswer => {
  const started = performance.now()
  const outcome = parseResponse(rawFromEngine(response, 0), context as ParseContext)
  const rest = handOffAnswer(outcome, (part, transfer) => postPart(part, transfer))
  return { status: response.status, readMs: performance.now() - started, ...rest }
}
