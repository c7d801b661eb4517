// The worker thread that holds the in-memory default's embedded PostgreSQL (PGlite). It runs one
// command at a time; PGlite ignores statement_timeout, so the server terminates this thread when a
// statement runs too long and starts a fresh one.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { analyzeTable, copyRows, createResourceTable, grantReaders, PGLITE_SQL_OPTIONS, pgliteConnection, pgliteFileGrowth, runSql, type PgliteLike } from '../../sql/index.ts'
import type { SqlOutcome } from '../../engine/index.ts'
import type { WorkerCommand, WorkerReply, WorkerStart } from './pglite-protocol.ts'

const port = parentPort
if (port === null) throw new Error('pglite-worker.ts runs as a worker thread')

// initdb takes seconds; a later worker starts from the first one's fresh data directory instead. The
// file-growth extension keeps loading a large resource linear in its size.
const start = (workerData ?? {}) as WorkerStart
const pglite = PGlite.create({ ...(start.dataDir === undefined ? {} : { loadDataDir: new Blob([start.dataDir]) }), extensions: { fileGrowth: pgliteFileGrowth } })
const ready = pglite.then((db) => db as unknown as PgliteLike)

async function handle(command: WorkerCommand): Promise<{ ok: true; outcome?: SqlOutcome; dataDir?: ArrayBuffer }> {
  const db = await ready
  switch (command.type) {
    case 'dump':
      return { ok: true, dataDir: await (await (await pglite).dumpDataDir('none')).arrayBuffer() }
    case 'create':
      await createResourceTable(db, command.id, command.fields)
      return { ok: true }
    case 'copy':
      await copyRows(db, command.id, command.text)
      return { ok: true }
    case 'finish':
      for (const id of command.analyze) await analyzeTable(db, id)
      await grantReaders(db, command.resources)
      // the first statement loads the parser and warms PostgreSQL's caches: not on a caller's time bound
      await runSql(pgliteConnection(db), { sql: 'SELECT 1', readable: new Set(), privileged: false }, { ...PGLITE_SQL_OPTIONS, rowsMax: 1 })
      return { ok: true }
    case 'run': {
      const outcome = await runSql(pgliteConnection(db), { sql: command.sql, readable: new Set(command.readable), privileged: command.privileged }, { ...PGLITE_SQL_OPTIONS, rowsMax: command.rowsMax })
      return { ok: true, outcome }
    }
  }
}

let queue: Promise<void> = Promise.resolve()
port.on('message', (message: { seq: number; command: WorkerCommand }) => {
  queue = queue.then(async () => {
    let reply: WorkerReply
    try {
      reply = { seq: message.seq, ...(await handle(message.command)) }
    } catch (error) {
      reply = { seq: message.seq, ok: false, message: error instanceof Error ? error.message : String(error) }
    }
    port.postMessage(reply, reply.ok && reply.dataDir ? [reply.dataDir] : [])
  })
})
