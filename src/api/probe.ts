// "Probe this API": a handful of harmless read requests (limit 0 or 1) against a live base URL, sent
// through the same builder, transport and parser as every query, and what their answers say about how
// the server differs from the reference engine. The token goes only where the user pointed it: to
// this base URL, and only in the one comparison that needs it.
import { defaultQuery } from '../query/defaults.ts'
import { buildActionRequest, buildRequest, LISTS_ABOVE_RECORDS, quoteSortField, withExtraParameters, type BuildOptions, type HttpRequestSpec } from '../query/request-builder.ts'
import type { FilterClause, Method, QueryState } from '../query/types.ts'
import type { ApiError } from './api-error.ts'
import { isJsonObject, parseBody, shorten, successResult, type JsonObject, type JsonValue } from './body-text.ts'
import { describeFailure } from './describe-failure.ts'
import { parseResponse, type DatastoreRecord, type DatastoreResult } from './parse-response.ts'
import { createReachCheck, type ReachCheck } from './reachability.ts'
import { textOf } from './resource-metadata.ts'
import type { ListsVerdict } from './server-formats.ts'
import type { Transport } from './transport.ts'
import { formatCount } from '../query/locale-format.ts'

export interface ProbeTarget {
  baseUrl: string
  resourceId: string
  /** Sent only in the token comparison, and only when non-empty. */
  token?: string
}

export type ProbeTopic =
  | 'cors'
  | 'get-filters'
  | 'q-matching'
  | 'response-shape'
  | 'token-header'
  | 'distinct'
  | 'distinct-limit'
  | 'records-format'
  | 'lists-with-distinct'
  | 'lists-with-q'
  | 'datastore-info'
  | 'resource-show'

export interface ProbeOptions {
  /** Tells a server that is up but unreadable (no CORS) from one that does not answer at all. */
  reach?: ReachCheck
}

/** The header that carries the token: the explorer sends `Authorization`; CKAN also reads `X-CKAN-API-Key`. */
type TokenHeader = 'Authorization' | 'X-CKAN-API-Key'

export interface ProbeFinding {
  topic: ProbeTopic
  /** What the topic is, for the report's first column. */
  label: string
  /** The plain answer ("allowed", "whole words", "unknown", ...). */
  verdict: string
  /** How it was inferred. */
  detail: string
  /** The reference engine would answer the same. */
  likeReference: boolean | undefined
}

export interface ProbeReport {
  findings: ProbeFinding[]
  /** One sentence: like the reference engine, or how it differs. */
  summary: string
}

type Answer = { ok: true; result: DatastoreResult } | { ok: false; error: ApiError; network: boolean }

/** The token moved to another header, for the one comparison that needs it. */
function underHeader(spec: HttpRequestSpec, header: TokenHeader): HttpRequestSpec {
  return header === 'Authorization' ? spec : { ...spec, headers: spec.headers.map(([name, value]) => [name === 'Authorization' ? header : name, value]) }
}

interface AskOptions {
  /** Where the token goes (`Authorization` unless said). */
  header?: TokenHeader
  build?: BuildOptions
}

async function ask(transport: Transport, query: QueryState, token: string | undefined, signal?: AbortSignal, options: AskOptions = {}): Promise<Answer> {
  const spec = underHeader(buildRequest(query, { ...options.build, token }), options.header ?? 'Authorization')
  try {
    const raw = await transport.send(spec, { signal })
    const parsed = parseResponse(raw, { token, requestedLimit: query.limit })
    return parsed.ok ? { ok: true, result: parsed.result } : { ok: false, error: parsed.error, network: false }
  } catch (failure) {
    signal?.throwIfAborted()
    return { ok: false, error: describeFailure(failure, { source: 'live', url: spec.url, token }), network: true }
  }
}

function probeQuery(target: ProbeTarget, overrides: { method?: Method; limit?: number; q?: string; filters?: FilterClause[] }): QueryState {
  return { ...defaultQuery(), source: 'live', baseUrl: target.baseUrl, resourceId: target.resourceId, limit: 1, ...overrides }
}

/** A text value of the record worth searching and filtering by (not `_id`, not the rank). */
function sampleText(record: DatastoreRecord | undefined): { field: string; value: string } | undefined {
  if (!record) return undefined
  const candidates = Object.entries(record).filter(
    (entry): entry is [string, string] => entry[0] !== '_id' && entry[0] !== 'rank' && typeof entry[1] === 'string' && /[A-Za-z]{5,}/.test(entry[1]),
  )
  const [field, value] = candidates[0] ?? []
  return field === undefined || value === undefined ? undefined : { field, value }
}

/** The inside of a word of at least 5 letters ("Biology" -> "iolog"): a substring but no word. */
export function innerSubstring(text: string): string | undefined {
  const word = /[A-Za-z]{5,}/.exec(text)?.[0]
  return word ? word.slice(1, -1) : undefined
}

const failureText = (answer: Extract<Answer, { ok: false }>) => `${answer.error.title}: ${answer.error.message}`

/** A raw answer: the status and the JSON body (when it is JSON), or nothing when no answer was readable. */
type RawAnswer = { ok: true; status: number; body: JsonValue | undefined } | { ok: false; message: string }

async function askRaw(transport: Transport, spec: HttpRequestSpec, signal?: AbortSignal): Promise<RawAnswer> {
  try {
    const raw = await transport.send(spec, { signal })
    const body = parseBody(raw.bodyText)
    return { ok: true, status: raw.status, body: body.kind === 'json' ? body.value : undefined }
  } catch (failure) {
    signal?.throwIfAborted()
    return { ok: false, message: failure instanceof Error ? failure.message : String(failure) }
  }
}

/** The `result` of a successful envelope, else `undefined`. */
function resultOf(answer: RawAnswer): JsonObject | undefined {
  return answer.ok ? successResult(answer.status, answer.body) : undefined
}

/** Why an answer is not a success, in a few words. */
function refusal(answer: RawAnswer): string {
  if (!answer.ok) return `no readable answer (${answer.message})`
  const error = isJsonObject(answer.body) && isJsonObject(answer.body.error) ? answer.body.error : undefined
  const words = error ? Object.entries(error).filter(([key]) => key !== '__type').map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join('; ') : ''
  return `HTTP ${answer.status}${words ? ` (${shorten(words, 160)})` : ''}`
}

export async function probeApi(target: ProbeTarget, transport: Transport, signal?: AbortSignal, options: ProbeOptions = {}): Promise<ProbeReport> {
  const findings: ProbeFinding[] = []
  const token = target.token?.trim() || undefined
  // 1. One record by POST, with the token when one is given (as the queries will send it): does the
  // browser get to read the answer at all?
  const first = await ask(transport, probeQuery(target, {}), token, signal)
  // Without a token first when one was given: does the resource need it?
  const without = token ? await ask(transport, probeQuery(target, {}), undefined, signal) : first
  if (!first.ok && first.network) {
    if (token && (without.ok || !without.network)) return headerRefused(without)
    return unreadable(target, first, options.reach ?? createReachCheck(), signal)
  }
  findings.push({
    topic: 'cors',
    label: 'Cross-origin requests (CORS)',
    verdict: 'allowed',
    detail: first.ok
      ? `A POST with a JSON body${token ? ' and the token in Authorization' : ''} was answered and readable.`
      : `The server answered (${failureText(first)}), and the browser could read it.`,
    likeReference: true,
  })
  // 2. Which header carries the token: only with a token, and only what the answers prove.
  let answered: Answer = first
  let tokenFinding: ProbeFinding = { topic: 'token-header', label: 'Token header', verdict: 'not tested', detail: 'No token was entered; the probe sends none.', likeReference: undefined }
  // The later requests carry the token only when the resource needs it, in a header the server reads.
  let useToken: string | undefined
  let header: TokenHeader = 'Authorization'
  if (token) {
    const denied = !without.ok && without.error.kind === 'forbidden'
    const withKey = denied ? await ask(transport, probeQuery(target, {}), token, signal, { header: 'X-CKAN-API-Key' }) : undefined
    tokenFinding = tokenHeaderFinding(denied, first, withKey)
    if (denied && (first.ok || withKey?.ok)) {
      answered = first.ok ? first : (withKey ?? first)
      useToken = token
      header = first.ok ? 'Authorization' : 'X-CKAN-API-Key'
    } else if (!denied) answered = without
  }
  if (!answered.ok) {
    const needsToken = answered.error.kind === 'forbidden' && !token
    return {
      findings: token ? [...findings, tokenFinding] : findings,
      summary: needsToken
        ? 'The resource is private: enter a token that grants it and probe again.'
        : `The first request failed (${failureText(answered)}); check the base URL, the resource ID and the token.`,
    }
  }

  const record = answered.result.records[0]
  const sample = sampleText(record)

  // 3. The CKAN 2.11 vs 2.12 answer shape.
  const hasLinks = answered.result.links !== undefined
  const hasEstimate = answered.result.totalWasEstimated !== undefined
  findings.push({
    topic: 'response-shape',
    label: '_links and total_was_estimated',
    verdict: hasLinks && hasEstimate ? 'both present (CKAN 2.11 or older)' : !hasLinks && !hasEstimate ? 'both absent (CKAN 2.12 or later)' : `only ${hasLinks ? '_links' : 'total_was_estimated'} present`,
    detail: 'Read from the first answer.',
    likeReference: hasLinks && hasEstimate,
  })

  // 4. Filters in a GET query string.
  if (sample) {
    const filtered = await ask(transport, probeQuery(target, { method: 'GET', filters: [{ field: sample.field, values: [sample.value] }] }), useToken, signal, { header })
    const matches = filtered.ok && filtered.result.records.length > 0 && filtered.result.records.every((found) => found[sample.field] === sample.value)
    findings.push({
      topic: 'get-filters',
      label: 'Filters in a GET request',
      verdict: matches ? 'accepted' : filtered.ok ? 'ignored or misread' : 'refused',
      detail: filtered.ok
        ? `filters={"${sample.field}": …} by GET ${matches ? 'returned only matching records' : 'did not return the record it was taken from'}.`
        : failureText(filtered),
      likeReference: matches,
    })
  } else {
    findings.push({ topic: 'get-filters', label: 'Filters in a GET request', verdict: 'unknown', detail: 'The first record has no text value to filter by.', likeReference: undefined })
  }

  // 5. q: substring (reference engine) or whole words (CKAN's full-text search)?
  const inner = sample ? innerSubstring(sample.value) : undefined
  if (inner) {
    const searched = await ask(transport, probeQuery(target, { q: inner, limit: 1 }), useToken, signal, { header })
    const ranked = searched.ok && searched.result.fields.some((field) => field.id === 'rank' || field.id.startsWith('rank '))
    const found = searched.ok && searched.result.records.length > 0
    findings.push({
      topic: 'q-matching',
      label: 'Free text (q)',
      verdict: !searched.ok ? 'unknown' : found && !ranked ? 'substring' : 'whole words (full text)',
      detail: searched.ok
        ? `q="${inner}", part of the word in “${sample?.value}”, ${found ? 'found records' : 'found nothing'}${ranked ? ' and the answer has a rank column' : ''}.`
        : failureText(searched),
      likeReference: searched.ok ? found && !ranked : undefined,
    })
  } else {
    findings.push({ topic: 'q-matching', label: 'Free text (q)', verdict: 'unknown', detail: 'The first record has no word long enough to cut a substring from.', likeReference: undefined })
  }

  // 6. The parameters and actions CKAN 2.11 has beyond the seed's.
  const field = answered.result.fields.find((candidate) => candidate.id !== '_id')?.id
  const send = (spec: HttpRequestSpec) => askRaw(transport, underHeader(spec, header), signal)
  const searchSpec = (overrides: Partial<QueryState>) => buildRequest(probeQuery(target, overrides), { token: useToken })
  findings.push(distinctFinding(field, field === undefined ? undefined : await send(withExtraParameters(searchSpec({ fields: [field], limit: 1 }), { distinct: true }))))
  const textFields = answered.result.fields.filter((candidate) => candidate.id !== '_id' && candidate.id !== 'rank').map((candidate) => candidate.id)
  findings.push(await distinctLimitFinding(textFields, send, searchSpec))
  const lists = await recordsFormatFinding(transport, target, useToken, signal, header)
  findings.push(lists)
  const word = sample ? /[A-Za-z]{5,}/.exec(sample.value)?.[0] : undefined
  findings.push(...(await listsCompanionFindings(lists.verdict === 'accepted', field, word, send, searchSpec)))
  findings.push(infoFinding(await send(buildActionRequest(target.baseUrl, 'datastore_info', { id: target.resourceId }, { token: useToken }))))
  findings.push(showFinding(await send(buildActionRequest(target.baseUrl, 'resource_show', { id: target.resourceId }, { token: useToken }))))

  findings.push(tokenFinding)
  return { findings, summary: summarize(findings) }
}

/** The token's request could not be read though the same request without it could: the browser refused to send the header. */
function headerRefused(without: Answer): ProbeReport {
  return {
    findings: [{
      topic: 'cors',
      label: 'Cross-origin requests (CORS)',
      verdict: 'allowed, but not with the token: the browser refused to send the Authorization header',
      detail: `The request without the token was ${without.ok ? 'answered and readable' : `answered (${failureText(without)}) and readable`}; with the token in Authorization the browser sent nothing, because the server's CORS preflight answer does not allow that header. This is the browser's refusal, not the server's.`,
      likeReference: false,
    }],
    summary: 'The server answers pages on other sites, but its CORS settings do not let a browser send a token: its administrators can allow the Authorization header, or use the curl or Python snippet from the request panel.',
  }
}

type SendRaw = (spec: HttpRequestSpec) => Promise<RawAnswer>
type SearchSpec = (overrides: Partial<QueryState>) => HttpRequestSpec

/**
 * Whether `distinct` runs before `limit` (as in the reference engine and CKAN 2.12) or after it (CKAN
 * 2.11 and older: distinct within the page). Only a field whose first sorted rows repeat a value can
 * tell: a limit that ends on the first repeat holds one value fewer than the distinct answer should.
 */
async function distinctLimitFinding(fields: readonly string[], send: SendRaw, searchSpec: SearchSpec): Promise<ProbeFinding> {
  const base = { topic: 'distinct-limit', label: 'distinct with limit' } as const
  const ROWS = 21
  for (const field of fields.slice(0, 3)) {
    const sort = `${quoteSortField(field)} asc`
    const plain = resultOf(await send(withExtraParameters(searchSpec({ fields: [field], limit: ROWS }), { sort })))
    const rows = plain && Array.isArray(plain.records) ? plain.records.map((record) => JSON.stringify(isJsonObject(record) ? record[field] : record)) : []
    const repeat = rows.findIndex((row, i) => i > 0 && row === rows[i - 1])
    if (repeat < 0) continue
    const limit = repeat + 1
    const answer = await send(withExtraParameters(searchSpec({ fields: [field], limit }), { distinct: true, sort }))
    const result = resultOf(answer)
    if (!result || !Array.isArray(result.records) || typeof result.total !== 'number') {
      return { ...base, verdict: 'unknown', detail: `distinct: true with limit ${limit}: ${refusal(answer)}.`, likeReference: undefined }
    }
    // Every distinct value lies within the rows read: both behaviours give the same answer here.
    if (result.total < limit) continue
    const got = result.records.length
    const asked = `distinct values of “${field}”, sorted, limit ${limit} (the first ${limit} rows repeat a value)`
    if (got < limit) {
      return {
        ...base,
        verdict: 'limit applied before distinct (CKAN 2.11 or older)',
        detail: `${asked}: ${got} came back of ${formatCount(result.total)}, only those within the first rows. Summaries count values by jumping past the rows already counted.`,
        likeReference: false,
      }
    }
    return { ...base, verdict: 'distinct before limit', detail: `${asked}: ${got} came back, as many as asked.`, likeReference: true }
  }
  return { ...base, verdict: 'unknown', detail: 'No field among the first three repeats a value in its first rows and has more values after them, which this check needs.', likeReference: undefined }
}

/** Lists beside `distinct` and beside `q`: CKAN 2.11 takes lists alone but refuses both combinations. */
async function listsCompanionFindings(listsAccepted: boolean, field: string | undefined, word: string | undefined, send: SendRaw, searchSpec: SearchSpec): Promise<ProbeFinding[]> {
  const check = async (topic: 'lists-with-distinct' | 'lists-with-q', label: string, spec: HttpRequestSpec | undefined, missing: string): Promise<ProbeFinding> => {
    if (!listsAccepted) return { topic, label, verdict: 'not tested', detail: 'The server does not take lists at all, so none are asked for.', likeReference: undefined }
    if (!spec) return { topic, label, verdict: 'unknown', detail: missing, likeReference: undefined }
    const answer = await send(spec)
    if (resultOf(answer)) return { topic, label, verdict: 'accepted', detail: 'Answered.', likeReference: true }
    const refused = answer.ok && answer.status === 409
    return {
      topic,
      label,
      verdict: refused ? 'refused' : 'unknown',
      detail: `${refusal(answer)}${refused ? '. Requests that send both ask for objects here.' : '.'}`,
      likeReference: refused ? false : undefined,
    }
  }
  const lists = { records_format: 'lists' }
  return [
    await check('lists-with-distinct', 'Lists with distinct', field === undefined ? undefined : withExtraParameters(searchSpec({ fields: [field], limit: 2 }), { ...lists, distinct: true }), 'The resource has no field to ask distinct values of.'),
    await check('lists-with-q', 'Lists with free text (q)', word === undefined ? undefined : withExtraParameters(searchSpec({ q: word, limit: 2 }), lists), 'The first record has no word to search for.'),
  ]
}

/** Nothing readable came back: a no-cors request tells a live server without CORS from no server. */
async function unreadable(target: ProbeTarget, first: Extract<Answer, { ok: false }>, reach: ReachCheck, signal?: AbortSignal): Promise<ProbeReport> {
  const url = buildRequest(probeQuery(target, { method: 'GET', limit: 0 })).url
  const label = 'Cross-origin requests (CORS)'
  if ((await reach(url, signal)) === 'answers') {
    return {
      findings: [{
        topic: 'cors',
        label,
        verdict: 'not allowed: the server is up but sends no CORS headers',
        detail: `The browser could not read the answer (${first.error.message}), but a no-cors request to the same address was answered, so the server is up. It does not send Access-Control-Allow-Origin, so pages on other sites cannot read it.`,
        likeReference: false,
      }],
      summary: 'The server answers, but not to pages on other sites: its administrators can allow cross-origin requests (CKAN: ckan.cors.origin_allow_all), or use the curl or Python snippet from the request panel.',
    }
  }
  return {
    findings: [{
      topic: 'cors',
      label,
      verdict: 'unreachable: nothing answers at this address',
      detail: `Neither the query (${first.error.message}) nor a no-cors request to the same address got an answer: the server is down, the address is wrong, or the network blocks it.`,
      likeReference: undefined,
    }],
    summary: 'Nothing answers at this address: check the base URL, and that the server is running.',
  }
}

function distinctFinding(field: string | undefined, answer: RawAnswer | undefined): ProbeFinding {
  const base = { topic: 'distinct', label: 'distinct' } as const
  if (field === undefined || answer === undefined) return { ...base, verdict: 'unknown', detail: 'The resource has no field to ask distinct values of.', likeReference: undefined }
  const result = resultOf(answer)
  if (!result) return { ...base, verdict: 'refused', detail: `distinct: true with fields ["${field}"]: ${refusal(answer)}.`, likeReference: false }
  const total = typeof result.total === 'number' ? `; total ${formatCount(result.total)} distinct values` : ''
  return { ...base, verdict: 'accepted', detail: `distinct: true with fields ["${field}"] was answered${total}.`, likeReference: true }
}

function infoFinding(answer: RawAnswer): ProbeFinding {
  const base = { topic: 'datastore-info', label: 'datastore_info (data dictionary)' } as const
  const result = resultOf(answer)
  const fields = result && Array.isArray(result.fields) ? result.fields : undefined
  if (!fields) return { ...base, verdict: 'not available', detail: `${refusal(answer)}: columns show their ids only.`, likeReference: false }
  const labelled = fields.filter((item) => isJsonObject(item) && isJsonObject(item.info) && typeof item.info.label === 'string' && item.info.label.trim() !== '').length
  return {
    ...base,
    verdict: labelled > 0 ? `answered, ${labelled} of ${fields.length} fields labelled` : 'answered, no labels',
    detail: `${fields.length} field${fields.length === 1 ? '' : 's'} described${labelled > 0 ? '; the labels are shown in the column headers' : ''}.`,
    likeReference: true,
  }
}

function showFinding(answer: RawAnswer): ProbeFinding {
  const base = { topic: 'resource-show', label: 'resource_show (resource name)' } as const
  const result = resultOf(answer)
  if (!result) return { ...base, verdict: 'not available', detail: `${refusal(answer)}: the resource is named by its id.`, likeReference: false }
  const name = textOf(result.name)
  return { ...base, verdict: name ? 'answered' : 'answered, no name', detail: name ? `The resource is called “${shorten(name, 80)}”.` : 'The resource has no name.', likeReference: true }
}

/** records_format "lists": about half the bytes for big pages, where the server takes it. */
async function recordsFormatFinding(transport: Transport, target: ProbeTarget, token: string | undefined, signal?: AbortSignal, header?: TokenHeader): Promise<ProbeFinding> {
  const base = { topic: 'records-format', label: 'Records as lists (records_format)' } as const
  const asked = await ask(transport, probeQuery(target, { limit: 2 }), token, signal, { header, build: { recordsFormat: 'lists' } })
  const over = formatCount(LISTS_ABOVE_RECORDS)
  if (asked.ok && asked.result.recordsFormat === 'lists') {
    return { ...base, verdict: 'accepted', detail: `records_format=lists was answered with lists: pages over ${over} records ask for them.`, likeReference: true }
  }
  if (asked.ok) {
    return { ...base, verdict: 'ignored', detail: 'records_format=lists was answered in another format: pages of any size ask for objects.', likeReference: false }
  }
  if (asked.error.kind === 'validation') return { ...base, verdict: 'refused', detail: failureText(asked), likeReference: false }
  return { ...base, verdict: 'unknown', detail: failureText(asked), likeReference: undefined }
}

/** What a probe found out about records_format lists, for the requests that follow it. */
export function listsVerdict(report: ProbeReport): ListsVerdict | undefined {
  const verdict = report.findings.find((finding) => finding.topic === 'records-format')?.verdict
  return verdict === 'accepted' ? 'accepted' : verdict === 'ignored' || verdict === 'refused' ? 'refused' : undefined
}

/** Every verdict about lists the probe reached: alone, beside distinct, beside q. */
export function listsVerdicts(report: ProbeReport): ListsVerdict[] {
  const refused = (topic: ProbeTopic) => report.findings.some((finding) => finding.topic === topic && finding.verdict === 'refused')
  const alone = listsVerdict(report)
  return [
    ...(alone ? [alone] : []),
    ...(refused('lists-with-distinct') ? (['refused with distinct'] as const) : []),
    ...(refused('lists-with-q') ? (['refused with q'] as const) : []),
  ]
}

function tokenHeaderFinding(deniedWithout: boolean, withToken: Answer, withKey: Answer | undefined): ProbeFinding {
  const base = { topic: 'token-header', label: 'Token header' } as const
  if (!deniedWithout) {
    return { ...base, verdict: 'unknown', detail: 'The resource answers without a token, so it cannot show which header is read. Probe a private resource to find out.', likeReference: undefined }
  }
  if (withKey && !withKey.ok && withKey.network) {
    // The browser, not the server, refused: the preflight answer does not allow X-CKAN-API-Key.
    const read = withToken.ok ? 'The token was accepted in Authorization (what the explorer sends). ' : withToken.error.kind === 'forbidden' ? 'The token was refused in Authorization. ' : ''
    return {
      ...base,
      verdict: withToken.ok ? 'Authorization (X-CKAN-API-Key not tested)' : 'unknown',
      detail: `${read}The browser would not send X-CKAN-API-Key: the server's CORS settings do not allow that header, so whether the server reads it is unknown.`,
      likeReference: undefined,
    }
  }
  const keyOk = withKey?.ok === true
  if (withToken.ok && keyOk) {
    return { ...base, verdict: 'Authorization and X-CKAN-API-Key', detail: 'The resource refused a request without the token and answered one with it in either header.', likeReference: true }
  }
  if (withToken.ok) {
    return { ...base, verdict: 'Authorization only', detail: 'The token was accepted in Authorization (what the explorer sends) but not in X-CKAN-API-Key, which older clients send.', likeReference: false }
  }
  if (keyOk) {
    return {
      ...base,
      verdict: 'X-CKAN-API-Key only',
      detail: 'The server read the token from X-CKAN-API-Key but not from Authorization, which the explorer sends: its queries of private resources will be refused.',
      likeReference: false,
    }
  }
  if (withToken.error.kind === 'forbidden') {
    return {
      ...base,
      verdict: 'unknown: neither header was accepted',
      detail: 'The token was refused in Authorization and in X-CKAN-API-Key: it probably does not grant this resource.',
      likeReference: undefined,
    }
  }
  return { ...base, verdict: 'unknown', detail: `With the token: ${failureText(withToken)}.`, likeReference: undefined }
}

function summarize(findings: readonly ProbeFinding[]): string {
  const differences = findings.filter((finding) => finding.likeReference === false)
  const unchecked = findings.filter((finding) => finding.likeReference === undefined && finding.verdict !== 'not tested')
  const notChecked = unchecked.length > 0 ? ` Not checked (the answers could not tell): ${unchecked.map((finding) => finding.label).join('; ')}.` : ''
  if (differences.length === 0) return `This API behaves like the reference engine in everything the probe could check.${notChecked}`
  return `This API differs from the reference engine: ${differences.map((finding) => `${finding.label} — ${finding.verdict}`).join('; ')}.${notChecked}`
}
