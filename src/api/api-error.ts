// Every way a search can fail, as one discriminated union the UI renders: a title, what happened
// (`message`) and what to do (`hint`). No message ever holds the token: see `redactSecret`.
import type { FieldMessages } from '../query/validate.ts'

interface ApiErrorBase {
  title: string
  message: string
  hint?: string
  /** HTTP status, when an answer arrived. */
  status?: number
  /** The server's own words (redacted and shortened), for a "details" disclosure. */
  detail?: string
}

export type ApiError = ApiErrorBase &
  (
    | { kind: 'network'; phase: 'connect' | 'body' }
    | { kind: 'timeout'; timeoutMs: number }
    | { kind: 'too-large'; limitBytes: number }
    | { kind: 'aborted' }
    | { kind: 'invalid-query'; fieldErrors: FieldMessages }
    | { kind: 'demo-engine' }
    | { kind: 'bad-request'; status: 400 }
    | { kind: 'forbidden'; status: 401 | 403 }
    | { kind: 'not-found'; status: 404; isHtml: boolean }
    | { kind: 'method-not-allowed'; status: 405 }
    | {
        kind: 'validation'
        /** 409, or a 200 whose body says `success: false` with field messages. */
        status: number
        /** The server's messages by API parameter name (`limit`, `filters`, `q`, `resource_id`, ...). */
        paramErrors: Record<string, string[]>
        /** The same, keyed by the form field each parameter belongs to. */
        fieldErrors: FieldMessages
      }
    | { kind: 'unsupported-media-type'; status: 415 }
    | { kind: 'server-error'; status: number; isHtml: boolean }
    | { kind: 'unsuccessful'; status: number }
    | { kind: 'not-json'; status: number; isHtml: boolean }
    | { kind: 'truncated-json'; status: number; receivedChars: number }
    | { kind: 'missing-records'; status: number }
    | { kind: 'records-not-array'; status: number }
    | { kind: 'unexpected-status'; status: number }
  )

export type ApiErrorKind = ApiError['kind']

const REDACTED = '<API_TOKEN>'

/** Removes every occurrence of the token (raw and URL-encoded) from a text shown or logged. */
export function redactSecret(text: string, token: string | undefined): string {
  const secret = token?.trim()
  if (!secret) return text
  let result = text
  for (const form of new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])) {
    result = result.split(form).join(REDACTED)
  }
  return result
}

/** Removes the token from every text field of an error. */
export function redactError(error: ApiError, token: string | undefined): ApiError {
  const clean = (text: string) => redactSecret(text, token)
  const redacted: ApiError = { ...error, title: clean(error.title), message: clean(error.message) }
  if (error.hint !== undefined) redacted.hint = clean(error.hint)
  if (error.detail !== undefined) redacted.detail = clean(error.detail)
  if (redacted.kind === 'validation' && error.kind === 'validation') {
    redacted.paramErrors = Object.fromEntries(Object.entries(error.paramErrors).map(([key, list]) => [clean(key), list.map(clean)]))
    redacted.fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).map(([key, text]) => [key, clean(text ?? '')]))
  }
  return redacted
}

/** The error a search throws, so TanStack Query hands the UI a typed value. */
export class DatastoreSearchError extends Error {
  override readonly name = 'DatastoreSearchError'
  constructor(readonly apiError: ApiError) {
    super(`${apiError.title}: ${apiError.message}`)
  }

  get status(): number | undefined {
    return this.apiError.status
  }
}
