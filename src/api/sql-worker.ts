// The demo's SQL Web Worker: PGlite (PostgreSQL compiled to WebAssembly) over the demo resources and
// the user's files, answering `datastore_search_sql`. Everything but the wiring to the worker global is
// in src/demo/sql-worker-host.ts; the store behind it is the SQL module (checks, tables, answers).
import { startPglite } from '../demo/pglite-start.ts'
import { createInterimSqlStore } from '../demo/sql-pglite-interim.ts'
import type { ToSqlWorker } from '../demo/sql-protocol.ts'
import { createSqlWorkerHost } from '../demo/sql-worker-host.ts'

// oxlint-disable-next-line unicorn/require-post-message-target-origin -- inside a worker there is no target origin
const host = createSqlWorkerHost({ openStore: async () => createInterimSqlStore(await startPglite()), post: (message) => self.postMessage(message) })

self.addEventListener('message', (event: MessageEvent<ToSqlWorker>) => host.receive(event.data))
