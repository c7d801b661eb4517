// The SQL worker's message handling, apart from the worker global. It serves `datastore_search_sql`
// exactly as the server does: the engine's handler (request, envelope, who may read what) with an
// SqlStore that runs each statement through the shared SQL module (src/sql: the parser check, READ ONLY,
// EXPLAIN's tables, the reader roles, the rows maximum, values as CKAN writes them) on PGlite. What is
// the worker's own: the demo resources and the user's files (built by the demo engine's code), each
// loaded into PGlite the first time a statement names it, with progress, and answers by request id.
import { Catalog, createDatastoreHandler, tableCellTexts, type SqlOutcome, type SqlRequest, type SqlStore } from '../engine/index.ts'
import { analyzeTable, checkStatement, copyRows, createResourceTable, grantReaders, ident, loadResource, namesTable, PGLITE_SQL_OPTIONS, PlanCache, pgliteConnection, runSql, useParser as parseWith, type Parse, type PgliteLike } from '../sql/index.ts'
import { loadDataFile } from './load-file.ts'
import { markStep } from './mark-step.ts'
import { shippedLoaded } from './shipped-resources.ts'
import { DEMO_BASE_URL, DEMO_RESOURCES, LARGE_RESOURCE_ID } from './metadata.ts'
import { registerDemoResources } from './register.ts'
import { run } from './worker-host.ts'
import type { FromSqlWorker, SqlLoadProgress, ToSqlWorker } from './sql-protocol.ts'

/** Records per COPY of the generated resource. */
const GENERATED_COPY_BATCH = 100_000

/** Demo resources small enough to load as soon as the SQL mode is chosen on them. */
const PRELOAD_RECORDS_MAX = 10_000

/** As the server's `--sql-rows-max` default. */
export const DEMO_SQL_ROWS_MAX = 32_000

export interface SqlWorkerHostOptions {
  /** Starts PostgreSQL (PGlite); called once, on the first statement or when warmed. */
  openDatabase: () => Promise<PgliteLike>
  post: (message: FromSqlWorker) => void
  /** PostgreSQL's parser in a worker of its own (remoteParser); without it, it is loaded here on first use. */
  parser?: Promise<Parse>
  /** Record count of the generated demo resource (tests use fewer). */
  largeRecordCount?: number
  rowsMax?: number
}

export interface SqlWorkerHost {
  receive(message: ToSqlWorker): void
}

export function createSqlWorkerHost(options: SqlWorkerHostOptions): SqlWorkerHost {
  const { post } = options
  const { parser } = options
  if (parser !== undefined) parseWith(() => parser)
  const catalog = new Catalog()
  // The statement being answered reports its loading here (one statement at a time, see `queue`).
  let report: ((progress: SqlLoadProgress) => void) | undefined
  registerDemoResources(catalog, {
    largeRecordCount: options.largeRecordCount,
    // Building a resource (the generated one reports it) is the first half of the bar, the copy the second.
    onLoadProgress: (resourceId, done, total) => report?.({ stage: 'loading', title: titleOf(resourceId), done, total: total * 2 }),
  })
  const titleOf = (id: string) => catalog.list().find((summary) => summary.id === id)?.title ?? id
  let database: Promise<PgliteLike> | undefined
  /** PostgreSQL has started (a statement then waits for nothing but the loads and statements ahead of it). */
  let started = false
  /** A statement has been answered (the first answer is marked for a trace of the cold start). */
  let answered = false
  const loaded = new Map<string, Promise<void>>()
  const opened = () =>
    (database ??= options.openDatabase().then(async (db) => {
      markStep('postgres started')
      // the demo resources the data directory ships already loaded (shipped-resources.ts)
      const shipped = await shippedLoaded(db)
      for (const id of shipped) loaded.set(id, Promise.resolve())
      // A statement runs as a reader role even when it names no resource (`VALUES ...`): the roles are
      // there before the first one, made here when no shipped resource brought them.
      if (shipped.length === 0) await grantReaders(db, [])
      started = true
      return db
    }))
  // EXPLAIN's tables by statement: the tables and views change only when a resource is loaded.
  const plans = new PlanCache()

  const load = async (db: PgliteLike, id: string): Promise<void> => {
    plans.clear()
    if (id === LARGE_RESOURCE_ID) await loadGenerated(db, id)
    else {
      const table = await catalog.prepare(id)
      const title = titleOf(id)
      const copied = (done: number) => report?.({ stage: 'loading', title, done: table.size + done, total: table.size * 2 })
      copied(0)
      await loadResource(db, id, table.fields, table.size, (from, to) => tableCellTexts(table, from, to), copied)
    }
    markStep(`loaded ${id}`)
    // The reader roles may SELECT every resource loaded so far (the demo has no private resources); an
    // alias is a view of its resource, as on the server.
    await grantReaders(db, [...loaded.keys()].map((loadedId) => ({ id: loadedId, isPrivate: false, aliases: catalog.resolve(loadedId)?.aliases ?? [] })))
    plans.clear()
  }

  // The generated resource goes from its generator to COPY text batch by batch: no engine table is built
  // here (the demo engine's worker has its own), and the bar counts the records copied.
  const loadGenerated = async (db: PgliteLike, id: string): Promise<void> => {
    const { GENERATED_FIELDS, DEFAULT_RECORD_COUNT } = await import('./generator.ts')
    const { generatedCopyBatches } = await import('./generated-copy.ts')
    const count = options.largeRecordCount ?? DEFAULT_RECORD_COUNT
    const title = titleOf(id)
    report?.({ stage: 'loading', title, done: 0, total: count })
    await createResourceTable(db, id, GENERATED_FIELDS)
    // Nothing here outlives the worker: no write-ahead log for the table.
    await db.exec(`ALTER TABLE ${ident(id)} SET UNLOGGED`)
    for (const { bytes, done } of generatedCopyBatches({ count }, GENERATED_COPY_BATCH)) {
      await copyRows(db, id, bytes)
      report?.({ stage: 'loading', title, done, total: count })
    }
    await analyzeTable(db, id)
  }

  const loadOnce = (db: PgliteLike, id: string): Promise<void> => {
    let done = loaded.get(id)
    if (!done) {
      done = load(db, id)
      loaded.set(id, done)
      done.catch(() => loaded.delete(id))
    }
    return done
  }

  const sqlStore: SqlStore = {
    async run(request: SqlRequest): Promise<SqlOutcome> {
      if (!started) report?.({ stage: 'starting', done: 0, total: 0 })
      const db = await opened()
      for (const id of request.readable) if (namesTable(request.sql, id, catalog.resolve(id)?.aliases)) await loadOnce(db, id)
      return runSql(pgliteConnection(db), request, { ...PGLITE_SQL_OPTIONS, rowsMax: options.rowsMax ?? DEMO_SQL_ROWS_MAX, planCache: plans })
    },
  }
  const handler = createDatastoreHandler({ catalog, basePath: new URL(DEMO_BASE_URL).pathname, tokens: [], sql: sqlStore })

  // One statement at a time: loads and answers never interleave, and progress goes to the one waiting.
  let queue: Promise<unknown> = Promise.resolve()
  /** Loads and statements in the queue, not yet done. */
  let queued = 0
  const enqueue = <T,>(work: () => Promise<T>): Promise<T> => {
    queued++
    const done = queue.then(work).finally(() => queued--)
    queue = done.catch(() => undefined)
    return done
  }
  return {
    receive(message) {
      if (message.kind === 'files') {
        for (const { resourceId, file } of message.files) {
          if (!catalog.resolve(resourceId)) catalog.add({ id: resourceId, title: file.name, load: () => loadDataFile(file, { name: file.name }) })
        }
        return
      }
      if (message.kind === 'warm') {
        // PostgreSQL and its parser start side by side (a failure here is told to the first statement,
        // which starts PGlite again); a small demo resource the explorer shows is loaded next, in the
        // queue, so that no statement's transaction ever sees a load.
        const postgres = opened().then(
          () => undefined,
          () => (database = undefined),
        )
        const parsing = checkStatement('SELECT 1').then(() => markStep('parser ready'), () => undefined)
        const id = message.resourceId === undefined ? undefined : catalog.resolve(message.resourceId)?.id
        const preloaded =
          id !== undefined && (DEMO_RESOURCES.find((info) => info.id === id)?.records ?? Infinity) <= PRELOAD_RECORDS_MAX
            ? enqueue(async () => loadOnce(await opened(), id)).catch(() => undefined)
            : undefined
        // the page counts the start as work the user waits for until this
        void Promise.all([postgres, parsing, preloaded]).then(() => post({ kind: 'warmed' }))
        return
      }
      const { id, request } = message
      // What the statement waits for first, told at once (a load may be ahead of it in the queue); not
      // when nothing is: the page would draw a bar and the status again for a statement answered at once.
      if (!started || queued > 0) post({ kind: 'progress', id, progress: { stage: 'starting', done: 0, total: 0 } })
      const answer = enqueue(async () => {
        report = (progress) => post({ kind: 'progress', id, progress })
        try {
          return await run(handler, request)
        } finally {
          report = undefined
        }
      })
      answer.then(
        (response) => {
          if (!answered) markStep('first answer')
          answered = true
          post({ kind: 'response', id, response })
        },
        (error: unknown) => post({ kind: 'failed', id, message: `The SQL engine could not answer: ${error instanceof Error ? error.message : String(error)}` }),
      )
    },
  }
}
