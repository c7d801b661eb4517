// The response parser and the failure descriptions are not needed before the first answer: they load
// apart from the page, started by the first request (in parallel with it) or on idle.
export type AnswerReading = typeof import('./answer-reading.ts')

let loading: Promise<AnswerReading> | undefined

export function loadAnswerReading(): Promise<AnswerReading> {
  loading ??= import('./answer-reading.ts')
  return loading
}
