// Reading an answer (the one response parser) and describing a failure: one chunk, loaded by the
// first request as it is sent (answer-reading-loader.ts), so it is here before the answer is.
export { parseResponse } from './parse-response.ts'
export { describeFailure } from './describe-failure.ts'
