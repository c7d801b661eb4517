// `datastore_search_sql` on the in-memory default: an embedded PostgreSQL (PGlite) in a worker thread,
// started with the server; a resource's table (the same records the search serves) is loaded the
// first time a statement names it, so a statement on a small table never waits for a large one.
// Statements run one at a time; one past the statement timeout has its worker terminated (PGlite
// ignores statement_timeout), is answered `Query took too long`, and the next request starts a fresh
// worker, which loads again only what statements name.
import { Worker } from 'node:worker_threads'
import { copyText, MESSAGES, namesTable } from '../../sql/index.ts'
import { StoreUnavailableError, tableCellTexts, type Catalog, type SqlOutcome, type SqlRequest, type SqlStore } from '../../engine/index.ts'
import type { WorkerCommand, WorkerReply, WorkerStart } from './pglite-protocol.ts'

export interface PgliteStoreOptions {
  rowsMax: number
  /** Seconds one statement may run. */
  statementTimeout: number
  /** Rows per message while loading (default 10,000: each batch is built on the event loop). */
  batch?: number
  log?: (line: string) => void
}

const WORKER_URL = new URL('./pglite-worker.ts', import.meta.url)

class WorkerGone extends Error {}

interface Pending {
  resolve: (reply: WorkerReply) => void
  reject: (error: Error) => void
}

/** One worker thread and its replies. */
class PgliteWorker {
  private readonly worker: Worker
  private readonly pending = new Map<number, Pending>()
  private seq = 0
  gone = false

  constructor(start: WorkerStart) {
    // from TypeScript sources (npm run api, tests) the worker registers tsx's loader before importing its entry
    this.worker = WORKER_URL.pathname.endsWith('.ts')
      ? new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL.href)}) })`, { eval: true, workerData: start })
      : new Worker(WORKER_URL, { workerData: start })
    this.worker.on('message', (reply: WorkerReply) => {
      this.pending.get(reply.seq)?.resolve(reply)
      this.pending.delete(reply.seq)
    })
    const fail = (error: Error): void => {
      this.gone = true
      for (const { reject } of this.pending.values()) reject(error)
      this.pending.clear()
    }
    this.worker.on('error', (error) => fail(new WorkerGone(`the SQL engine stopped: ${error.message}`)))
    this.worker.on('exit', (code) => fail(new WorkerGone(`the SQL engine stopped (exit code ${code})`)))
  }

  send(command: WorkerCommand): Promise<WorkerReply> {
    if (this.gone) return Promise.reject(new WorkerGone('the SQL engine stopped'))
    const seq = ++this.seq
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve, reject })
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker thread has no target origin
      this.worker.postMessage({ seq, command })
    })
  }

  async terminate(): Promise<void> {
    this.gone = true
    await this.worker.terminate()
  }
}

export class PgliteSqlStore implements SqlStore {
  private worker: Promise<PgliteWorker> | undefined
  /** The resources the current worker holds (it starts with none). */
  private tables = new Set<string>()
  private queue: Promise<unknown> = Promise.resolve()
  /** The first worker's fresh data directory: later workers start from it, skipping initdb. */
  private template: ArrayBuffer | undefined

  constructor(
    private readonly catalog: Catalog,
    private readonly options: PgliteStoreOptions,
  ) {}

  run(request: SqlRequest): Promise<SqlOutcome> {
    const next = this.queue.then(() => this.runNow(request))
    this.queue = next.catch(() => undefined)
    return next
  }

  /** Starts PGlite now, so the first request does not wait for it (a failure shows on that request). */
  warm(): void {
    this.started().catch(() => {
      this.worker = undefined
    })
  }

  /** Stops the worker (server shutdown). */
  async close(): Promise<void> {
    const worker = this.worker
    this.worker = undefined
    if (worker) await (await worker.catch(() => undefined))?.terminate()
  }

  private async runNow(request: SqlRequest): Promise<SqlOutcome> {
    let worker: PgliteWorker
    try {
      worker = await this.started()
      await this.loadNamed(worker, request.sql)
    } catch (error) {
      this.worker = undefined
      throw new StoreUnavailableError(error instanceof Error ? error.message : String(error))
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.options.statementTimeout * 1000)
    })
    try {
      const reply = await Promise.race([
        worker.send({ type: 'run', sql: request.sql, readable: [...request.readable], privileged: request.privileged, rowsMax: this.options.rowsMax }),
        timedOut,
      ])
      if (reply === 'timeout') {
        this.worker = undefined
        await worker.terminate()
        return { kind: 'invalid', message: MESSAGES.tooLong }
      }
      if (!reply.ok) throw new Error(reply.message)
      if (reply.outcome === undefined) throw new Error('the SQL worker gave no answer')
      return reply.outcome
    } catch (error) {
      if (!(error instanceof WorkerGone)) throw error
      this.worker = undefined
      throw new StoreUnavailableError(error.message)
    } finally {
      clearTimeout(timer)
    }
  }

  private started(): Promise<PgliteWorker> {
    this.worker ??= this.start()
    return this.worker
  }

  private async start(): Promise<PgliteWorker> {
    this.tables = new Set()
    const worker = new PgliteWorker(this.template === undefined ? {} : { dataDir: this.template })
    try {
      this.template ??= (await ask(worker, { type: 'dump' })).dataDir
      await ask(worker, { type: 'finish', resources: [], analyze: [] })
      return worker
    } catch (error) {
      await worker.terminate()
      throw error
    }
  }

  /**
   * Loads every resource the statement names that the worker does not hold yet: private ones too, so
   * that a caller without the token is refused them (403) as on PostgreSQL, not told they do not exist.
   */
  private async loadNamed(worker: PgliteWorker, sql: string): Promise<void> {
    const resources = this.catalog.list()
    const named = resources.filter(({ id, aliases }) => !this.tables.has(id) && namesTable(sql, id, aliases))
    if (named.length === 0) return
    const started = performance.now()
    let records = 0
    for (const { id } of named) {
      const table = await this.catalog.prepare(id)
      await ask(worker, { type: 'create', id, fields: table.fields.map((field) => ({ ...field })) })
      const batch = this.options.batch ?? 10_000
      // one batch at a time: the event loop serves other requests between them
      for (let from = 0; from < table.size; from += batch) await ask(worker, { type: 'copy', id, text: copyText(tableCellTexts(table, from, from + batch)) })
      this.tables.add(id)
      records += table.size
    }
    const held = resources.filter(({ id }) => this.tables.has(id)).map(({ id, isPrivate, aliases }) => ({ id, isPrivate, aliases }))
    await ask(worker, { type: 'finish', resources: held, analyze: named.map(({ id }) => id) })
    this.options.log?.(`SQL engine (PGlite) loaded ${named.length} resource(s), ${records} records, in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
}

async function ask(worker: PgliteWorker, command: WorkerCommand): Promise<WorkerReply & { ok: true }> {
  const reply = await worker.send(command)
  if (!reply.ok) throw new Error(`loading the SQL engine: ${reply.message}`)
  return reply
}
