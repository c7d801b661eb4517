// The demo's SQL Web Worker: PGlite (PostgreSQL compiled to WebAssembly) over the demo resources and
// the user's files, answering `datastore_search_sql` as the server does. Everything but the wiring to
// the worker global is in src/demo/sql-worker-host.ts.
import type { PgliteLike } from '../sql/index.ts'
import { startPglite } from '../demo/pglite-start.ts'
import type { ToSqlWorker } from '../demo/sql-protocol.ts'
import { createSqlWorkerHost } from '../demo/sql-worker-host.ts'

const host = createSqlWorkerHost({
  openDatabase: async () => (await startPglite()) as unknown as PgliteLike,
  // oxlint-disable-next-line unicorn/require-post-message-target-origin -- inside a worker there is no target origin
  post: (message) => self.postMessage(message),
})

self.addEventListener('message', (event: MessageEvent<ToSqlWorker>) => host.receive(event.data))
