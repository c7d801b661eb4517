// The edge: a raw answer becomes a typed result or a typed error. Nothing past this point trusts the
// server's JSON shape, and nothing it returns carries the token.
import { withCharacterPosition } from '../query/sql-error-position.ts'
import { FIELD_KEY_BY_PARAM, SQL_FIELD_KEY_BY_PARAM, type FieldKey, type FieldMessages } from '../query/validate.ts'
import { redactError, type ApiError } from './api-error.ts'
import { htmlTitle, isHtml, isJsonObject, parseBody, plainText, shorten, type JsonValue } from './body-text.ts'
import { isListsRecords, recordsFromLists } from './lists-records.ts'
import type { RawResponse } from './transport.ts'
import { formatCount } from '../query/locale-format.ts'

export type { JsonValue } from './body-text.ts'

export interface DatastoreField {
  id: string
  /** CKAN's type name (`text`, `int4`, `numeric`, ...), or `unknown` when the server sent none. */
  type: string
  info?: { [key: string]: JsonValue }
}

export type DatastoreRecord = { [field: string]: JsonValue }

export interface ServerNote {
  kind: 'full-text-rank' | 'ckan-2.12-shape' | 'total-estimated' | 'limit-clamped' | 'fields-derived' | 'redirected'
  message: string
}

export interface DatastoreResult {
  records: DatastoreRecord[]
  fields: DatastoreField[]
  total?: number
  totalWasEstimated?: boolean
  /** The limit the server applied (after its own clamping). */
  limit?: number
  offset: number
  links?: { start?: string; next?: string; prev?: string }
  resourceId?: string
  /** The `records_format` the server says it answered in (`objects`, `lists`, ...), when it says. */
  recordsFormat?: string
  /** `datastore_search_sql` only: more rows existed than the server sends (its rows maximum). */
  recordsTruncated?: boolean
  /** How this server differs from the reference engine, in plain words. */
  notes: ServerNote[]
}

export type ParseOutcome = { ok: true; result: DatastoreResult } | { ok: false; error: ApiError }

export interface ParseContext {
  /** Redacted from every message. */
  token?: string
  /** The limit that was asked for, to tell when the server clamped it. */
  requestedLimit?: number
  /** A `datastore_search_sql` answer: it has no total, limit or links to miss. */
  sql?: boolean
}

const DETAIL_CHARS = 500

export function parseResponse(raw: RawResponse, context: ParseContext = {}): ParseOutcome {
  const outcome = interpret(raw, context)
  return outcome.ok ? outcome : { ok: false, error: redactError(outcome.error, context.token) }
}

function interpret(raw: RawResponse, context: ParseContext): ParseOutcome {
  const { status } = raw
  const body = parseBody(raw.bodyText)
  const html = body.kind === 'not-json' && isHtml(raw.bodyText, header(raw, 'content-type'))
  const fail = (error: ApiError): ParseOutcome => {
    // Only failures carry the server's words: a large success is never stringified again.
    const serverWords = describeBody(raw.bodyText, body.kind === 'json' ? body.value : undefined, html)
    return { ok: false, error: serverWords ? { detail: serverWords, ...error } : error }
  }
  const statusLabel = `HTTP ${status}${raw.statusText ? ` ${raw.statusText}` : ''}`

  if (status >= 200 && status < 300) return interpretSuccess(raw, body, html, context, fail)
  const envelopeMessage = body.kind === 'json' ? errorMessage(body.value) : undefined
  const said = envelopeMessage ?? (html ? htmlTitle(raw.bodyText) : undefined) ?? shorten(plainText(raw.bodyText), 200)

  switch (status) {
    case 400:
      return fail({
        kind: 'bad-request',
        status,
        title: 'The server could not read the request (400)',
        message: said || 'The server answered 400 Bad Request without saying why.',
        hint: context.sql
          ? 'This server does not offer SQL (datastore_search_sql): CKAN portals turn it on with ckan.datastore.sqlsearch.enabled, the reference server with --sql. Switch the Query to Search.'
          : 'This usually means the request body was not valid JSON for this server. Try the other method (GET/POST), and report it if it persists.',
      })
    case 401:
    case 403:
      return fail({
        kind: 'forbidden',
        status,
        title: `Access denied (${status})`,
        message: said || 'The server refused access to this resource.',
        hint: context.sql
          ? 'SQL may only read the served resources (a private one with its token) and call harmless functions: system tables and functions such as pg_sleep are refused, however the statement reaches them.'
          : 'The resource is private, or the token does not grant it. Enter an API token that grants it; it is sent as the Authorization header, without “Bearer”, which CKAN 2.9 to 2.12 all read (2.9 and 2.10 read X-CKAN-API-Key first and fall back to Authorization; 2.11 and later read only Authorization, unless the portal named another header).',

      })
    case 404:
      return fail({
        kind: 'not-found',
        status,
        isHtml: body.kind !== 'json',
        title: body.kind === 'json' ? 'Resource not found (404)' : 'No datastore_search API at this address (404)',
        message: said || 'The server answered 404 Not Found.',
        hint:
          body.kind === 'json'
            ? 'Check the resource ID: copy it from the resource page of the portal.'
            : 'Check the base URL: it is the site plus the path before /api (e.g. https://demo.ckan.org); the explorer adds /api/action/datastore_search.',
      })
    case 405:
      return fail({
        kind: 'method-not-allowed',
        status,
        title: 'The server does not accept this method (405)',
        message: said || `The server refused ${statusLabel} for this address.`,
        hint: 'Switch the method between POST and GET, and check the base URL.',
      })
    case 409:
      if (context.sql) return fail(validationError(sqlErrorEnvelope(body.kind === 'json' ? body.value : undefined), said, 409, SQL_FIELD_KEY_BY_PARAM))
      return fail(validationError(body.kind === 'json' ? body.value : undefined, said))
    case 415:
      return fail({
        kind: 'unsupported-media-type',
        status,
        title: 'The server refused the request’s content type (415)',
        message: said || 'The server does not accept the body’s content type.',
        hint: 'A POST must be sent with Content-Type: application/json. Try GET, or check that no proxy rewrites the request.',
      })
    default:
      break
  }
  if (status >= 500 && status < 600) {
    const gateway = status === 502 || status === 503 || status === 504
    return fail({
      kind: 'server-error',
      status,
      isHtml: html,
      title: gateway && body.kind !== 'json' ? `The gateway in front of the API got no good answer (${status})` : `The server failed (${status})`,
      message: said || `The server answered ${statusLabel}.`,
      hint: gateway
        ? 'The API behind the proxy is down or too slow. Try again in a moment, or with a smaller limit.'
        : 'This is a problem on the server. Try again later; if it persists, tell the portal’s administrators.',
    })
  }
  return fail({
    kind: 'unexpected-status',
    status,
    title: `Unexpected answer (${statusLabel})`,
    message: said || `The server answered ${statusLabel}, which datastore_search never sends.`,
    hint: 'Check the base URL; a proxy or login page may be answering instead of the API.',
  })
}

function interpretSuccess(
  raw: RawResponse,
  body: ReturnType<typeof parseBody>,
  html: boolean,
  context: ParseContext,
  fail: (error: ApiError) => ParseOutcome,
): ParseOutcome {
  const { status } = raw
  if (body.kind === 'truncated') {
    return fail({
      kind: 'truncated-json',
      status,
      receivedChars: raw.bodyText.length,
      title: 'The answer was cut off',
      message: `The JSON stopped after ${formatCount(raw.bodyText.length)} characters, before it was complete.`,
      hint: 'The connection or a proxy dropped the rest. Try again, or ask for fewer records.',
    })
  }
  if (body.kind === 'not-json') {
    const title = html ? htmlTitle(raw.bodyText) : undefined
    return fail({
      kind: 'not-json',
      status,
      isHtml: html,
      title: 'The answer is not JSON',
      message: html
        ? `The server sent a web page${title ? ` (“${title}”)` : ''} instead of a JSON answer.`
        : `The server sent ${header(raw, 'content-type') ?? 'text'} that is not JSON.`,
      hint: 'The base URL probably points at a web site rather than its CKAN API. It is the site plus the path before /api, e.g. https://demo.ckan.org or http://127.0.0.1:8800/data.',
    })
  }
  const value = body.value
  if (isJsonObject(value) && value.success === false) {
    // A validation error object (or any error whose keys name parameters) is a 409 in all but status.
    if (namesParameters(value.error)) return fail(validationError(value, errorMessage(value) ?? '', status))
    return fail({
      kind: 'unsuccessful',
      status,
      title: 'The server reported a failure',
      message: errorMessage(value) ?? 'The answer says success: false without giving a reason.',
      hint: 'Check the query; the server accepted the request but could not run it.',
    })
  }
  const result = isJsonObject(value) ? value.result : undefined
  if (!isJsonObject(result) || !('records' in result)) {
    return fail({
      kind: 'missing-records',
      status,
      title: 'The answer has no records',
      message: 'JSON arrived, but without result.records: this is not a datastore_search answer.',
      hint: 'Check the base URL and that the server runs CKAN’s DataStore.',
    })
  }
  const notArray = (message: string): ParseOutcome =>
    fail({
      kind: 'records-not-array',
      status,
      title: 'The records are not a list of records',
      message,
      hint: 'The server may use another records_format (csv, tsv); this explorer reads the “objects” and “lists” formats.',
    })
  let records = result.records
  const fields = readFields(result.fields)
  if (isListsRecords(records)) {
    if (!fields) return notArray('result.records holds lists of values, but there is no field list to name them.')
    const rebuilt = recordsFromLists(records, fields.map((field) => field.id))
    if (!rebuilt.ok) return notArray(rebuilt.message)
    records = rebuilt.records
  }
  if (!Array.isArray(records) || !records.every(isJsonObject)) {
    return notArray(`result.records is ${describeJsonType(records)}, not a list of objects.`)
  }
  return { ok: true, result: toResult(result, fields, records, raw, context) }
}

function toResult(
  result: { [key: string]: JsonValue },
  sentFields: DatastoreField[] | undefined,
  records: DatastoreRecord[],
  raw: RawResponse,
  context: ParseContext,
): DatastoreResult {
  const notes: ServerNote[] = []
  let fields = sentFields
  if (!fields) {
    fields = deriveFields(records)
    notes.push({ kind: 'fields-derived', message: 'The server sent no field list; columns were taken from the records.' })
  }
  const total = naturalNumber(result.total)
  const totalWasEstimated = typeof result.total_was_estimated === 'boolean' ? result.total_was_estimated : undefined
  const limit = naturalNumber(result.limit)
  const links = readLinks(result['_links'])
  if (fields.some((field) => field.id === 'rank' || field.id.startsWith('rank '))) {
    notes.push({
      kind: 'full-text-rank',
      message: 'This server searches q as full text (whole words, ranked, as CKAN does) and added a “rank” column; the reference engine matches substrings.',
    })
  }
  if (!links && totalWasEstimated === undefined && !context.sql) {
    notes.push({ kind: 'ckan-2.12-shape', message: 'No _links or total_was_estimated in the answer: the server looks like CKAN 2.12 or later.' })
  }
  if (totalWasEstimated) notes.push({ kind: 'total-estimated', message: 'The server estimated the total; the exact count may differ.' })
  if (context.requestedLimit !== undefined && limit !== undefined && limit < context.requestedLimit) {
    notes.push({ kind: 'limit-clamped', message: `The server capped the limit at ${formatCount(limit)} records.` })
  }
  if (raw.redirectedTo) notes.push({ kind: 'redirected', message: `The server redirected the request to ${raw.redirectedTo}.` })
  return {
    records,
    fields,
    ...(total === undefined ? {} : { total }),
    ...(totalWasEstimated === undefined ? {} : { totalWasEstimated }),
    ...(limit === undefined ? {} : { limit }),
    offset: naturalNumber(result.offset) ?? 0,
    ...(links ? { links } : {}),
    ...(typeof result.resource_id === 'string' ? { resourceId: result.resource_id } : {}),
    ...(typeof result.records_format === 'string' ? { recordsFormat: result.records_format } : {}),
    ...(result.records_truncated === true ? { recordsTruncated: true } : {}),
    notes,
  }
}

/**
 * `datastore_search_sql`'s 409 as a plain validation error: `info` (the statement as sent, and where
 * PostgreSQL's message points) is no message of its own; its position goes with the `query` message.
 */
function sqlErrorEnvelope(value: JsonValue | undefined): JsonValue | undefined {
  if (!isJsonObject(value) || !isJsonObject(value.error)) return value
  const { info, ...error } = value.error
  const position = isJsonObject(info) && Array.isArray(info.position) ? info.position[0] : undefined
  const query = error.query
  if (typeof position === 'number' && Number.isSafeInteger(position) && position > 0 && Array.isArray(query) && typeof query[0] === 'string') {
    error.query = [withCharacterPosition(query[0], position), ...query.slice(1)]
  }
  return { ...value, error }
}

/** An error object with at least one key naming a `datastore_search` parameter. */
function namesParameters(error: JsonValue | undefined): boolean {
  return isJsonObject(error) && Object.keys(error).some((key) => Object.hasOwn(FIELD_KEY_BY_PARAM, key))
}

function validationError(value: JsonValue | undefined, said: string, status = 409, keys: Readonly<Record<string, FieldKey>> = FIELD_KEY_BY_PARAM): ApiError {
  const error = isJsonObject(value) && isJsonObject(value.error) ? value.error : undefined
  const paramErrors: Record<string, string[]> = {}
  for (const [key, messages] of Object.entries(error ?? {})) {
    if (key === '__type') continue
    paramErrors[key] = (Array.isArray(messages) ? messages : [messages]).map((message) =>
      typeof message === 'string' ? message : JSON.stringify(message),
    )
  }
  const fieldErrors: FieldMessages = {}
  for (const [param, messages] of Object.entries(paramErrors)) {
    const key = Object.hasOwn(keys, param) ? keys[param] : undefined
    if (key && fieldErrors[key] === undefined) fieldErrors[key] = messages.join(' ')
  }
  const summary = Object.entries(paramErrors)
    .map(([param, messages]) => `${param}: ${messages.join(' ')}`)
    .join('; ')
  return {
    kind: 'validation',
    status,
    paramErrors,
    fieldErrors,
    title: status === 409 ? 'The server rejected the query (409)' : `The server rejected the query (${status}, success: false)`,
    message: summary || said || 'The server found the query invalid without saying why.',
    hint: 'Correct the fields marked in the form and run the query again.',
  }
}

/** The human part of an error body: a bare JSON string (CKAN's 400), or `error.message` of the envelope. */
function errorMessage(value: JsonValue): string | undefined {
  if (typeof value === 'string') return shorten(value, 300)
  if (!isJsonObject(value)) return undefined
  const error = value.error
  if (typeof error === 'string') return shorten(error, 300)
  if (!isJsonObject(error)) return undefined
  if (typeof error.message === 'string') return shorten(error.message, 300)
  return typeof error['__type'] === 'string' ? error['__type'] : undefined
}

function describeBody(text: string, json: JsonValue | undefined, html: boolean): string | undefined {
  if (text.trim() === '') return undefined
  if (json !== undefined) return shorten(JSON.stringify(json), DETAIL_CHARS)
  return shorten(html ? plainText(text) : text, DETAIL_CHARS)
}

function readFields(value: JsonValue | undefined): DatastoreField[] | undefined {
  if (!Array.isArray(value)) return undefined
  const fields: DatastoreField[] = []
  for (const item of value) {
    if (!isJsonObject(item) || typeof item.id !== 'string') return undefined
    fields.push({ id: item.id, type: typeof item.type === 'string' ? item.type : 'unknown', ...(isJsonObject(item.info) ? { info: item.info } : {}) })
  }
  return fields
}

function deriveFields(records: DatastoreRecord[]): DatastoreField[] {
  const ids = new Set<string>()
  for (const record of records) for (const id of Object.keys(record)) ids.add(id)
  return [...ids].map((id) => ({ id, type: 'unknown' }))
}

function readLinks(value: JsonValue | undefined): DatastoreResult['links'] {
  if (!isJsonObject(value)) return undefined
  const links: NonNullable<DatastoreResult['links']> = {}
  for (const key of ['start', 'next', 'prev'] as const) {
    const link = value[key]
    if (typeof link === 'string') links[key] = link
  }
  return links
}

function naturalNumber(value: JsonValue | undefined): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined
}

function describeJsonType(value: JsonValue): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list holding values that are not records'
  return typeof value === 'string' ? 'text' : `a ${typeof value}`
}

function header(raw: RawResponse, name: string): string | undefined {
  return raw.headers.find(([key]) => key.toLowerCase() === name)?.[1]
}
