// `npm run api -- [options]`: the reference datastore_search server. Thin: parse options, load the
// catalog, serve the engine's handler over node:http, stop cleanly on SIGINT/SIGTERM.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { catalogStore, createDatastoreHandler } from '../engine/index.ts'
import { DEMO_RESOURCES } from '../demo/metadata.ts'
import { createServerCatalog, ResourceLoadError } from './catalog-setup.ts'
import { answerClientError } from './client-error.ts'
import { createRequestListener } from './http-adapter.ts'
import { parseArguments, USAGE } from './options.ts'
import { RequestGate } from './request-gate.ts'
import { openPostgres, PostgresStartError, type PostgresServing } from './postgres/serve.ts'
import { formatLogLine } from './request-log.ts'
import { openSqlStore, type ServerSqlStore } from './sql/open.ts'
import { createStepRunner, nextTurn } from './step-runner.ts'
import { warmRequestPath } from './warm-request.ts'

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host
}

async function main(argv: string[]): Promise<void> {
  const parsed = parseArguments(argv, DEMO_RESOURCES.flatMap((resource) => [resource.id, resource.alias]), { DATABASE_URL: process.env.DATABASE_URL })
  if (parsed.kind === 'help') {
    console.info(USAGE)
    return
  }
  if (parsed.kind === 'error') {
    console.error(`error: ${parsed.message}\nRun with --help for the options.`)
    process.exitCode = 2
    return
  }
  const options = parsed.options
  if (options.privateIds.length > 0 && options.tokens.length === 0) {
    console.warn('warning: --private without --token: nobody can read the private resources')
  }
  // background work (a large file still loading, its indexes) waits while clients' requests are under way
  const gate = new RequestGate()
  let catalog
  let postgres: PostgresServing | undefined
  try {
    if (options.postgres) {
      postgres = await openPostgres(options.postgres, options.privateIds)
      catalog = postgres.catalog
    } else {
      catalog = await createServerCatalog({
        ...options,
        backgroundTurn: gate.backgroundTurn,
        waitForLoad: gate.waitForBackground,
        // a large file is served from its first chunk on; a problem found further down stops the server
        onLateLoadError: (error) => {
          console.error(`error: ${error.message}`)
          process.exit(1)
        },
      })
    }
  } catch (error) {
    if (!(error instanceof ResourceLoadError) && !(error instanceof PostgresStartError)) throw error
    console.error(`error: ${error.message}`)
    process.exitCode = 1
    return
  }
  let sql: ServerSqlStore | undefined
  try {
    if (options.sql) sql = await openSqlStore(options.sql, catalog, postgres, options.postgres?.schema)
  } catch (error) {
    if (!(error instanceof PostgresStartError)) throw error
    console.error(`error: ${error.message}`)
    await postgres?.pool.end()
    process.exitCode = 1
    return
  }
  // in memory, a search runs in slices under --statement-timeout, so none holds the event loop
  const store = postgres?.store ?? catalogStore(catalog, createStepRunner({ timeoutSeconds: options.statementTimeout }))
  // a large body's phases (parse, validation, answer, encoding) give the event loop a turn in between
  const handler = createDatastoreHandler({ catalog, basePath: options.basePath, tokens: options.tokens, store, sql, pause: nextTurn })
  // help and _links name the server's own address (or --public-url), never the client's Host header
  let origin = options.publicUrl ?? `http://${urlHost(options.host)}:${options.port}`
  let warming = false
  const server = createServer(createRequestListener(handler, {
    basePath: options.basePath,
    origin: () => origin,
    gate,
    pause: nextTurn,
    // the server's own warm-up request (below) is not a client's, so not logged
    onDone: (method, rawUrl, status, milliseconds) => warming || console.info(formatLogLine(method, rawUrl, status, milliseconds)),
  }))
  server.on('clientError', (error, socket) => answerClientError(error, socket,
    (method, rawUrl, status) => console.info(formatLogLine(method, rawUrl, status, 0))))
  server.on('error', (error: NodeJS.ErrnoException) => {
    const reason = error.code === 'EADDRINUSE' ? 'the port is already in use' : error.message
    console.error(`error: cannot listen on ${options.host}:${options.port}: ${reason}`)
    process.exit(1)
  })
  server.listen(options.port, options.host, async () => {
    const { port } = server.address() as AddressInfo
    origin = options.publicUrl ?? `http://${urlHost(options.host)}:${port}`
    // the request path is warmed before the server says it listens, so that the first client's
    // request does not pay for its compiling (warm-request.ts); a public resource's first page
    const warmTable = catalog.entriesInOrder().find((entry) => !entry.isPrivate)?.id
    if (warmTable !== undefined) {
      warming = true
      const status = await warmRequestPath(options.host, port, options.basePath, warmTable).catch(() => undefined)
      warming = false
      if (status !== 200) console.warn(`warning: the request path could not be warmed (${status === undefined ? 'no answer' : `status ${status}`}); the first request compiles it`)
    }
    if (postgres) console.info(`serving ${postgres.tables.length} table(s) of PostgreSQL schema ${options.postgres?.schema}: ${postgres.tables.join(', ') || 'none'}`)
    console.info(`listening on http://${urlHost(options.host)}:${port}${options.basePath}`)
  })
  const stop = (): void => {
    // answer the requests under way, then close the pool; neither a stuck client nor a long query
    // holds the exit past 1.5 s (no search holds the event loop, so this timer fires on time)
    setTimeout(() => process.exit(0), 1500).unref()
    server.close(() => {
      void sql?.close()
      if (postgres) void postgres.pool.end().finally(() => process.exit(0))
      else process.exit(0)
    })
    if (postgres) server.closeIdleConnections()
    else server.closeAllConnections()
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

await main(process.argv.slice(2))
