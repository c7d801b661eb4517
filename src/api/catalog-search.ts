// A portal's catalog: `package_search` (a page of datasets matching words) and `package_show` (one
// dataset), read from what CKAN 2.9 to 2.12 answer. Each dataset keeps what the Browse dialog shows:
// title, organization, a line of the description, formats, resources, and which of them are in the
// DataStore (only those can be queried). A refused, missing or unreachable catalog becomes one line
// saying so, never an exception: the Resource ID field still works without it.
import { buildActionRequest } from '../query/request-builder.ts'
import type { Source } from '../query/types.ts'
import { isJsonObject, parseBody, successResult, type JsonObject, type JsonValue } from './body-text.ts'
import { TransportError, type Transport } from './transport.ts'

export interface CatalogTarget {
  source: Source
  /** The base URL requests go to (the demo engine's own in demo mode). */
  baseUrl: string
}

export interface CatalogDeps {
  transports: { live: Transport; demo: Transport }
  /** Sent as `Authorization` (and then private datasets are asked for); never part of a key. */
  token?: string
}

export interface CatalogResource {
  id: string
  name: string
  /** Upper-case, e.g. `CSV`; empty when neither the resource nor its address says. */
  format: string
  /** In the DataStore: `Open` queries it. */
  queryable: boolean
}

export interface CatalogDataset {
  id: string
  name: string
  title: string
  organization?: string
  /** The description's first line, as plain text. */
  summary: string
  formats: string[]
  resourceCount: number
  resources: CatalogResource[]
  isPrivate: boolean
}

export interface DatasetPage {
  /** Datasets matching in all (not only this page). */
  count: number
  datasets: CatalogDataset[]
}

export type CatalogFailureKind = 'refused' | 'missing' | 'unreachable' | 'not-found' | 'unreadable'

export class CatalogFailure extends Error {
  override readonly name = 'CatalogFailure'
  constructor(
    readonly kind: CatalogFailureKind,
    message: string,
  ) {
    super(message)
  }
}

/** Datasets per page of `package_search`. */
export const DATASETS_PER_PAGE = 20
/** A page of 20 datasets is a few hundred KB even on portals with rich metadata. */
const MAX_ANSWER_CHARS = 20_000_000
const SUMMARY_CHARS = 240

/** One page of `package_search` for `q` from `start`. Rejects with CatalogFailure, or the transport's `aborted`. */
export async function searchDatasets(target: CatalogTarget, q: string, start: number, deps: CatalogDeps, signal?: AbortSignal): Promise<DatasetPage> {
  const params: Record<string, string> = { q: q.trim(), rows: String(DATASETS_PER_PAGE), start: String(start) }
  if (q.trim() === '') delete params.q
  // CKAN lists private datasets only when asked, and only to a token that may read them
  if (deps.token?.trim()) params.include_private = 'true'
  const result = await ask(target, 'package_search', params, deps, signal)
  const results = Array.isArray(result.results) ? result.results : []
  const datasets = results.filter(isJsonObject).map(readDataset)
  const count = typeof result.count === 'number' ? result.count : datasets.length
  return { count, datasets }
}

/** One dataset by its name or id (`package_show`). Rejects like `searchDatasets`; `not-found` when the portal has none of that name. */
export async function showDataset(target: CatalogTarget, nameOrId: string, deps: CatalogDeps, signal?: AbortSignal): Promise<CatalogDataset> {
  return readDataset(await ask(target, 'package_show', { id: nameOrId.trim() }, deps, signal))
}

async function ask(target: CatalogTarget, action: string, params: Record<string, string>, deps: CatalogDeps, signal?: AbortSignal): Promise<JsonObject> {
  const spec = buildActionRequest(target.baseUrl, action, params, { token: deps.token })
  const transport = target.source === 'demo' ? deps.transports.demo : deps.transports.live
  let raw
  try {
    raw = await transport.send(spec, { signal })
  } catch (error) {
    if (signal?.aborted || (error instanceof TransportError && error.kind === 'aborted')) throw error
    throw new CatalogFailure('unreachable', unreachableLine(error))
  }
  const body = raw.bodyText.length > MAX_ANSWER_CHARS ? undefined : parseBody(raw.bodyText)
  const value = body?.kind === 'json' ? body.value : undefined
  const result = successResult(raw.status, value)
  if (result) return result
  throw failureOf(action, raw.status, value)
}

function unreachableLine(error: unknown): string {
  if (error instanceof TransportError && error.kind === 'timeout') return 'The portal took too long to answer its catalog. Enter a resource ID in the form instead.'
  return 'The portal’s catalog did not answer the browser: the site may be offline, or it may not allow pages of other sites to read it (CORS). Enter a resource ID in the form instead.'
}

function failureOf(action: string, status: number, body: JsonValue | undefined): CatalogFailure {
  const error = isJsonObject(body) && isJsonObject(body.error) ? body.error : undefined
  const message = typeof error?.message === 'string' ? error.message : undefined
  if (status === 401 || status === 403) {
    return new CatalogFailure('refused', `The portal refused ${action} (${status}${message ? `: ${message}` : ''}). Enter a resource ID in the form instead${action === 'package_search' ? '' : ', or check the API token'}.`)
  }
  if (action === 'package_show' && status === 404 && error !== undefined) return new CatalogFailure('not-found', 'The portal has no dataset of that name (404).')
  // CKAN without the action answers 400 "Action name not known"; a server that is no CKAN, 404
  const unknownAction = status === 404 || (status === 400 && typeof body === 'string' && /action name not known/i.test(body))
  if (unknownAction) return new CatalogFailure('missing', `This server has no ${action} (${status}): it answers the DataStore API without a catalog. Enter a resource ID in the form instead.`)
  if (status === 409 && message) return new CatalogFailure('refused', `The portal could not search its catalog: ${message}`)
  return new CatalogFailure('unreadable', `The portal’s answer to ${action} is not a CKAN catalog (HTTP ${status}). Enter a resource ID in the form instead.`)
}

function text(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value.trim() : ''
}

/** The first line of a description, markup and Markdown marks taken off, cut to a line's length. */
function firstLine(notes: string): string {
  const line = notes.replace(/<(?:br|\/?p)\b[^>]*>/gi, '\n').replace(/<[^>]*>/g, '').split(/\r?\n\s*\r?\n|\r?\n/).map((part) => part.replace(/^\s*(?:#+|>)\s*|\*\*|__|`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\s+/g, ' ').trim()).find((part) => part !== '') ?? ''
  return line.length > SUMMARY_CHARS ? `${line.slice(0, SUMMARY_CHARS - 1).trimEnd()}…` : line
}

/** CKAN 2.9's `datastore_active` can come as text ("True") from older extensions. */
function isTrue(value: JsonValue | undefined): boolean {
  return value === true || (typeof value === 'string' && value.toLowerCase() === 'true')
}

function formatOf(resource: JsonObject): string {
  const format = text(resource.format).replace(/^\./, '').toUpperCase()
  if (format !== '') return format
  const extension = /\.([a-z0-9]{1,8})(?:[?#].*)?$/i.exec(text(resource.url))?.[1]
  return extension === undefined ? '' : extension.toUpperCase()
}

function readResource(resource: JsonObject, index: number): CatalogResource {
  const id = text(resource.id) || String(index + 1)
  const url = text(resource.url)
  const name = text(resource.name) || url.split(/[?#]/)[0]!.split('/').filter(Boolean).at(-1) || id
  return { id, name, format: formatOf(resource), queryable: isTrue(resource.datastore_active) && text(resource.id) !== '' }
}

/** A dataset as CKAN 2.9 to 2.12 give it in `package_search` and `package_show`. */
export function readDataset(dataset: JsonObject): CatalogDataset {
  const resources = (Array.isArray(dataset.resources) ? dataset.resources : []).filter(isJsonObject).map(readResource)
  const organization = isJsonObject(dataset.organization) ? text(dataset.organization.title) || text(dataset.organization.name) : ''
  const name = text(dataset.name) || text(dataset.id)
  const formats = [...new Set(resources.map((resource) => resource.format).filter((format) => format !== ''))]
  return {
    id: text(dataset.id) || name,
    name,
    title: text(dataset.title) || name,
    ...(organization === '' ? {} : { organization }),
    summary: firstLine(text(dataset.notes)),
    formats,
    resourceCount: typeof dataset.num_resources === 'number' ? dataset.num_resources : resources.length,
    resources,
    isPrivate: dataset.private === true,
  }
}
