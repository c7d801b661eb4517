// The SQL worker's message handling, apart from the worker global: which resources exist (the demo
// resources and the user's files, built by the same code as the demo engine's), loading each one into
// the SQL store the first time a statement names it (with progress), and answering by request id.
// The rules of SQL are the store's (sql-store.ts); this host decides nothing about them.
import { Catalog, memoryStore, type CellValue, type FieldInfo, type SearchQuery, type Table } from '../engine/index.ts'
import { loadDataFile } from './load-file.ts'
import { registerDemoResources } from './register.ts'
import type { SerializedRequest, SerializedResponse } from './protocol.ts'
import type { FromSqlWorker, SqlLoadProgress, SqlOwnFile, ToSqlWorker } from './sql-protocol.ts'
import type { SqlAnswer, SqlStore } from './sql-store.ts'

/** Rows per COPY into the store: big enough to be quick, small enough to report progress often. */
const PAGE_ROWS = 50_000

export interface SqlWorkerHostOptions {
  openStore: () => Promise<SqlStore>
  post: (message: FromSqlWorker) => void
  /** Record count of the generated demo resource (tests use fewer). */
  largeRecordCount?: number
}

export interface SqlWorkerHost {
  receive(message: ToSqlWorker): void
}

export function createSqlWorkerHost(options: SqlWorkerHostOptions): SqlWorkerHost {
  const { post } = options
  const catalog = new Catalog()
  let reportTo: ((progress: SqlLoadProgress) => void) | undefined
  registerDemoResources(catalog, {
    largeRecordCount: options.largeRecordCount,
    onLoadProgress: (resourceId, done, total) => reportTo?.({ stage: 'loading', title: titleOf(resourceId), done, total: total * 2 }),
  })
  const titleOf = (id: string) => catalog.list().find((summary) => summary.id === id)?.title ?? id
  let store: Promise<SqlStore> | undefined
  const loaded = new Map<string, Promise<void>>()
  // One statement at a time: loads and answers never interleave.
  let queue: Promise<unknown> = Promise.resolve()

  const addFiles = (files: SqlOwnFile[]) => {
    for (const { resourceId, file } of files) {
      if (catalog.resolve(resourceId)) continue
      catalog.add({ id: resourceId, title: file.name, load: () => loadDataFile(file, { name: file.name }) })
    }
  }

  const load = async (id: string, sqlStore: SqlStore, report: (progress: SqlLoadProgress) => void) => {
    const title = titleOf(id)
    reportTo = report
    let table: Table
    try {
      table = await catalog.prepare(id)
    } finally {
      reportTo = undefined
    }
    const entry = catalog.resolve(id)
    if (!entry) throw new Error(`resource ${id} is not in the demo catalog`)
    // Building a resource (the generated one reports it) is the first half of the bar, the copy the second.
    const copied = (done: number) => report({ stage: 'loading', title, done: table.size + done, total: table.size * 2 })
    copied(0)
    await sqlStore.loadTable(id, table.fields, pagesOf(entry, table, table.fields, copied))
  }

  const opened = (): Promise<SqlStore> => {
    store ??= options.openStore()
    return store
  }

  const answer = async (id: number, request: SerializedRequest): Promise<SerializedResponse> => {
    const report = (progress: SqlLoadProgress) => post({ kind: 'progress', id, progress })
    report({ stage: 'starting', done: 0, total: 0 })
    const sqlStore = await opened()
    const params = paramsOf(request)
    const sql = typeof params.sql === 'string' ? params.sql : ''
    for (const summary of catalog.list()) {
      if (!namesTable(sql, summary.id)) continue
      let done = loaded.get(summary.id)
      if (!done) {
        done = load(summary.id, sqlStore, report)
        loaded.set(summary.id, done)
        done.catch(() => loaded.delete(summary.id))
      }
      await done
    }
    return serialize(await sqlStore.answer(params))
  }

  return {
    receive(message) {
      if (message.kind === 'files') {
        addFiles(message.files)
        return
      }
      if (message.kind === 'warm') {
        // A failure here is told to the first statement, which opens the store again.
        opened().catch(() => (store = undefined))
        return
      }
      const { id, request } = message
      const run = queue.then(() => answer(id, request))
      queue = run.catch(() => undefined)
      run.then(
        (response) => post({ kind: 'response', id, response }),
        (error: unknown) => post({ kind: 'failed', id, message: `The SQL engine could not answer: ${error instanceof Error ? error.message : String(error)}` }),
      )
    },
  }
}

/** Whether a statement mentions a resource's table (its id, any case): only then is it loaded. */
export function namesTable(sql: string, resourceId: string): boolean {
  return sql.toLowerCase().includes(resourceId.toLowerCase())
}

/** The table's rows, `_id` first, in pages, through the engine's own store (values as it answers them). */
async function* pagesOf(entry: Parameters<ReturnType<typeof memoryStore>['search']>[0], table: Table, fields: readonly FieldInfo[], onRows: (done: number) => void): AsyncIterable<CellValue[][]> {
  const store = memoryStore(async () => table)
  const output = [{ id: '_id', type: 'int4' as const }, ...fields.map(({ id, type }) => ({ id, type }))]
  for (let offset = 0; offset < table.size; offset += PAGE_ROWS) {
    const query: SearchQuery = { resourceId: entry.id, fields: output, fieldTexts: [], filters: [], sort: [], offset, limit: PAGE_ROWS, includeTotal: false, distinct: false }
    const { rows } = await store.search(entry, query)
    yield rows
    onRows(Math.min(table.size, offset + rows.length))
  }
}

/** `datastore_search_sql`'s parameters: `?sql=` of a GET, the JSON body of a POST. */
function paramsOf(request: SerializedRequest): Record<string, unknown> {
  if (request.method === 'GET') return Object.fromEntries(new URL(request.url).searchParams)
  try {
    const body: unknown = JSON.parse(request.body ?? '')
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

function serialize(answer: SqlAnswer): SerializedResponse {
  return { status: answer.status, statusText: answer.status === 200 ? 'OK' : 'CONFLICT', headers: [['content-type', 'application/json;charset=utf-8']], body: JSON.stringify(answer.body) }
}
