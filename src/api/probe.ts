// "Probe this API": a handful of harmless read requests (limit 0 or 1) against a live base URL, sent
// through the same builder, transport and parser as every query, and what their answers say about how
// the server differs from the reference engine. The token goes only where the user pointed it: to
// this base URL, and only in the one comparison that needs it.
import { defaultQuery } from '../query/defaults.ts'
import { buildRequest, LISTS_ABOVE_RECORDS, type BuildOptions } from '../query/request-builder.ts'
import type { FilterClause, Method, QueryState } from '../query/types.ts'
import type { ApiError } from './api-error.ts'
import { describeFailure } from './describe-failure.ts'
import { parseResponse, type DatastoreRecord, type DatastoreResult } from './parse-response.ts'
import type { ListsVerdict } from './server-formats.ts'
import type { Transport } from './transport.ts'

export interface ProbeTarget {
  baseUrl: string
  resourceId: string
  /** Sent only in the token comparison, and only when non-empty. */
  token?: string
}

export type ProbeTopic = 'cors' | 'get-filters' | 'q-matching' | 'response-shape' | 'token-header' | 'records-format'

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

async function ask(transport: Transport, query: QueryState, token: string | undefined, signal?: AbortSignal, build: BuildOptions = {}): Promise<Answer> {
  const spec = buildRequest(query, { ...build, token })
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

export async function probeApi(target: ProbeTarget, transport: Transport, signal?: AbortSignal): Promise<ProbeReport> {
  const findings: ProbeFinding[] = []
  // 1. One record by POST, no token: does the browser get to read the answer at all?
  const first = await ask(transport, probeQuery(target, {}), undefined, signal)
  if (!first.ok && first.network) {
    findings.push({
      topic: 'cors',
      label: 'Cross-origin requests (CORS)',
      verdict: 'not allowed, or the server is unreachable',
      detail: `The browser got no readable answer (${first.error.message}). A browser reports a CORS refusal only as a network error, so the two cannot be told apart from here.`,
      likeReference: false,
    })
    return { findings, summary: 'The browser cannot read answers from this API, so nothing else could be probed.' }
  }
  findings.push({
    topic: 'cors',
    label: 'Cross-origin requests (CORS)',
    verdict: 'allowed',
    detail: first.ok ? 'A POST with a JSON body was answered and readable.' : `The server answered (${failureText(first)}), and the browser could read it.`,
    likeReference: true,
  })
  // 2. Which header carries the token: only with a token, and only what the answers prove.
  const token = target.token?.trim() || undefined
  let answered: Answer = first
  let tokenFinding: ProbeFinding = { topic: 'token-header', label: 'Token header', verdict: 'not tested', detail: 'No token was entered; the probe sends none.', likeReference: undefined }
  // The later requests carry the token only when the resource needs it.
  let useToken: string | undefined
  if (token) {
    const withToken = await ask(transport, probeQuery(target, {}), token, signal)
    const denied = !first.ok && first.error.kind === 'forbidden'
    tokenFinding = tokenHeaderFinding(denied, withToken)
    if (denied && withToken.ok) {
      answered = withToken
      useToken = token
    }
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
    const filtered = await ask(transport, probeQuery(target, { method: 'GET', filters: [{ field: sample.field, values: [sample.value] }] }), useToken, signal)
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
    const searched = await ask(transport, probeQuery(target, { q: inner, limit: 1 }), useToken, signal)
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

  findings.push(await recordsFormatFinding(transport, target, useToken, signal))
  findings.push(tokenFinding)
  return { findings, summary: summarize(findings) }
}

/** 6. records_format "lists": about half the bytes for big pages, where the server takes it. */
async function recordsFormatFinding(transport: Transport, target: ProbeTarget, token: string | undefined, signal?: AbortSignal): Promise<ProbeFinding> {
  const base = { topic: 'records-format', label: 'Records as lists (records_format)' } as const
  const asked = await ask(transport, probeQuery(target, { limit: 2 }), token, signal, { recordsFormat: 'lists' })
  const over = LISTS_ABOVE_RECORDS.toLocaleString('en-US')
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

function tokenHeaderFinding(deniedWithout: boolean, withToken: Answer): ProbeFinding {
  const base = { topic: 'token-header', label: 'Token header' } as const
  if (!deniedWithout) {
    return { ...base, verdict: 'unknown', detail: 'The resource answers without a token, so it cannot show which header is read. Probe a private resource to find out.', likeReference: undefined }
  }
  if (withToken.ok) {
    return { ...base, verdict: 'Authorization', detail: 'The resource refused a request without the token and answered one with it in the Authorization header.', likeReference: true }
  }
  if (withToken.error.kind === 'forbidden') {
    return {
      ...base,
      verdict: 'unknown: Authorization was not accepted',
      detail: 'Either the token does not grant this resource, or the server reads another header (CKAN 2.10 reads X-CKAN-API-Key), which the explorer does not send.',
      likeReference: undefined,
    }
  }
  return { ...base, verdict: 'unknown', detail: `With the token: ${failureText(withToken)}.`, likeReference: undefined }
}

function summarize(findings: readonly ProbeFinding[]): string {
  const differences = findings.filter((finding) => finding.likeReference === false)
  if (differences.length === 0) return 'This API behaves like the reference engine in everything the probe could check.'
  return `This API differs from the reference engine: ${differences.map((finding) => `${finding.label} — ${finding.verdict}`).join('; ')}.`
}
