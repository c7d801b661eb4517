// The fetch-style HTTP handler (Request in, Response out) shared by the Node server, the worker and
// the tests: routing, GET/POST parsing, CORS, tokens, and CKAN's 400/404/405 answers.
//
// Actions: `datastore_search`, `datastore_info`, `resource_show` and the catalog's `package_search`,
// `package_show`, `package_list`, `organization_list`, each at
// `{basePath}/api/action/<name>` and `{basePath}/api/3/action/<name>`.
// GET: every query parameter is a string; a repeated key becomes a list. POST: a JSON object body
// (a form-encoded body is read like a query string, except CKAN's legacy form of one key holding
// the JSON text); an empty body counts as `{}`. The token is the
// raw `Authorization` or `X-CKAN-API-Key` header; anything the server does not know (including
// "Bearer x") is anonymous.

import type { Catalog } from './catalog.ts'
import { datastoreInfo, resourceShow } from './actions.ts'
import { datastoreSearch, type SearchContext } from './datastore-search.ts'
import { organizationList, packageList, packageSearch, packageShow } from './package-actions.ts'
import { badRequest, internalError, unknownAction, methodNotAllowed, notFound, type Outcome } from './envelope.ts'
import { helpUrl } from './links.ts'
import { setOwn } from './own-property.ts'
import type { SearchStore } from './search-query.ts'
import { datastoreSearchSql, type SqlStore } from './sql-action.ts'

export interface DatastoreHandlerOptions {
  catalog: Catalog
  /** The path before `/api`: '' or '/' (the site root), `/data`, `/data/en`. */
  basePath: string
  /** Tokens that grant every private resource. */
  tokens: readonly string[]
  /** Where queries run (validation, envelopes and auth stay the engine's); the in-memory tables by default. */
  store?: SearchStore
  /** Where `datastore_search_sql` runs; without it the action is unknown (400, as CKAN without the SQL action). */
  sql?: SqlStore
  /**
   * Awaited between the phases of a request with a large body (its text read, parsed, answered,
   * encoded), each tens of milliseconds for a body of megabytes, so a host's other requests are
   * answered in between. None by default (the phases follow at once).
   */
  pause?: () => Promise<void>
}

/** A body from this many characters on is read, parsed and answered with `pause` between (a few ms of work each below it). */
export const LARGE_BODY_CHARS = 1 << 18

const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, X-CKAN-API-Key, Content-Type',
}

function respond(outcome: Outcome, extraHeaders: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(outcome.body), {
    status: outcome.status,
    headers: { 'content-type': 'application/json;charset=utf-8', ...CORS_HEADERS, ...extraHeaders },
  })
}

/** `respond` with a pause between writing the answer's text and encoding it (a large answer: both take long). */
async function respondSteps(outcome: Outcome, pause: (() => Promise<void>) | undefined): Promise<Response> {
  if (pause === undefined) return respond(outcome)
  const text = JSON.stringify(outcome.body)
  await pause()
  const bytes = new TextEncoder().encode(text)
  await pause()
  return new Response(bytes, { status: outcome.status, headers: { 'content-type': 'application/json;charset=utf-8', ...CORS_HEADERS } })
}

function normaliseBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, '')
  return trimmed === '' || trimmed.startsWith('/') ? trimmed : `/${trimmed}`
}

function queryParams(search: URLSearchParams): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {}
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key)
    setOwn<string | string[]>(params, key, values.length === 1 ? (values[0] as string) : values)
  }
  return params
}

type BodyParse = { ok: true; params: unknown; large: boolean } | { ok: false; outcome: Outcome }

async function readBody(request: Request, pause: (() => Promise<void>) | undefined): Promise<BodyParse> {
  const text = await request.text()
  const large = text.length >= LARGE_BODY_CHARS
  if (large && pause) await pause()
  const contentType = request.headers.get('content-type') ?? ''
  if (contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(text)
    const keys = [...form.keys()]
    // CKAN's legacy case (what jQuery sends for ckan.js in a browser): one key, the JSON text, with an
    // empty value or "1"
    if (keys.length === 1 && ['', '1'].includes(form.get(keys[0] as string) as string)) return parseJson(keys[0] as string, large)
    return { ok: true, params: queryParams(form), large }
  }
  if (text.trim() === '') return { ok: true, params: {}, large }
  return parseJson(text, large)
}

function parseJson(text: string, large: boolean): BodyParse {
  try {
    return { ok: true, params: JSON.parse(text) as unknown, large }
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    return { ok: false, outcome: badRequest(`Error decoding JSON data. Error: ${detail}`) }
  }
}

/**
 * The raw token, read from `Authorization` and from `X-CKAN-API-Key` (the header ckan.js and ckanapi
 * send) alike: whichever holds a known token, else whichever is present.
 */
function tokenOf(headers: Headers, tokens: readonly string[]): string | null {
  const sent = [headers.get('authorization'), headers.get('x-ckan-api-key')].filter((value) => value !== null)
  return sent.find((value) => tokens.includes(value)) ?? sent[0] ?? null
}

type Action = (catalog: Catalog, params: unknown, context: SearchContext) => Promise<Outcome>

const ACTIONS: Readonly<Record<string, Action>> = {
  datastore_search: datastoreSearch,
  datastore_info: datastoreInfo,
  resource_show: resourceShow,
  // the catalog (package-actions.ts)
  package_search: packageSearch,
  package_show: packageShow,
  package_list: packageList,
  organization_list: organizationList,
}

const SQL_ACTION = 'datastore_search_sql'

export function createDatastoreHandler(options: DatastoreHandlerOptions): (request: Request) => Promise<Response> {
  const basePath = normaliseBasePath(options.basePath)
  const routes = new Map<string, Action>()
  const sqlStore = options.sql
  const actions: Record<string, Action> = { ...ACTIONS }
  actions[SQL_ACTION] = sqlStore === undefined
    ? async () => unknownAction(SQL_ACTION)
    : (catalog, params, context) => datastoreSearchSql(catalog, params, { ...context, sqlStore })
  for (const [name, action] of Object.entries(actions)) {
    routes.set(`${basePath}/api/action/${name}`, action)
    routes.set(`${basePath}/api/3/action/${name}`, action)
  }

  return async (request) => {
    let help = `${basePath}/api/3/action/help_show?name=datastore_search`
    try {
      const url = new URL(request.url)
      const action = routes.get(url.pathname)
      help = helpUrl(url.origin, action ? url.pathname : `${basePath}/api/action/datastore_search`)
      if (!action) {
        return respond(notFound(help, `The requested URL ${url.pathname} was not found on this server.`))
      }
      if (request.method === 'OPTIONS') {
        return new Response(null, { status: 204, headers: { ...CORS_HEADERS, 'access-control-max-age': '86400' } })
      }
      if (request.method !== 'GET' && request.method !== 'POST') {
        return respond(methodNotAllowed(help, request.method), { allow: 'GET, POST, OPTIONS' })
      }
      let params: unknown
      // a large body's phases are separated by the host's pauses
      let pause: (() => Promise<void>) | undefined
      if (request.method === 'GET') params = queryParams(url.searchParams)
      else {
        const body = await readBody(request, options.pause)
        if (!body.ok) return respond(body.outcome)
        params = body.params
        if (body.large) pause = options.pause
      }
      await pause?.()
      const outcome = await action(options.catalog, params, {
        token: tokenOf(request.headers, options.tokens),
        tokens: options.tokens,
        store: options.store,
        requestPath: url.pathname,
        requestQuery: url.search.replace(/^\?/, ''),
        origin: url.origin,
      })
      await pause?.()
      return await respondSteps(outcome, pause)
    } catch {
      return respond(internalError(help))
    }
  }
}
