// The fetch-style HTTP handler (Request in, Response out) shared by the Node server, the worker and
// the tests: routing, GET/POST parsing, CORS, tokens, and CKAN's 400/404/405 answers.

import type { Catalog } from './catalog.ts'

export interface DatastoreHandlerOptions {
  catalog: Catalog
  /** The one path segment before `/api`, e.g. `/data` ('' serves at the root). */
  basePath: string
  /** Tokens that grant every private resource. */
  tokens: readonly string[]
}

export function createDatastoreHandler(_options: DatastoreHandlerOptions): (request: Request) => Promise<Response> {
  return async () => new Response('null', { status: 500 })
}
