// The demo's SQL Web Worker: PGlite (PostgreSQL compiled to WebAssembly) over the demo resources and
// the user's files, answering `datastore_search_sql` as the server does. Everything but the wiring to
// the worker global is in src/demo/sql-worker-host.ts. This first chunk is small: it starts PGlite's
// downloads at once, and PostgreSQL's parser in a worker of its own (loaded on another thread while this
// one starts PGlite), while the rest of the worker's code (PGlite's, the engine's) arrives.
import { fetchPgliteFiles } from '../demo/pglite-files.ts'
import { remoteParser, type ParserWorkerLike } from '../demo/remote-parser.ts'
import type { ToSqlWorker } from '../demo/sql-protocol.ts'
import type { PgliteLike } from '../sql/index.ts'

const files = fetchPgliteFiles()
// listened to at once: a worker's message that comes before a listener is lost
const parser = remoteParser(new Worker(new URL('./parser-worker.ts', import.meta.url), { type: 'module', name: 'sql-parser' }) as ParserWorkerLike)
// a parser that cannot load fails the statements that need it (parse-check.ts), not the worker
parser.catch(() => undefined)

const host = Promise.all([import('../demo/sql-worker-host.ts'), import('../demo/pglite-start.ts')]).then(([{ createSqlWorkerHost }, { startPglite }]) =>
  createSqlWorkerHost({
    openDatabase: async () => (await startPglite(files)) as unknown as PgliteLike,
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- inside a worker there is no target origin
    post: (message) => self.postMessage(message),
    parser,
  }),
)
// Code that cannot be loaded ends the worker with an error event, as a failed static import did.
host.catch((error: unknown) =>
  setTimeout(() => {
    throw error
  }),
)

// Messages are handed on in the order they came.
self.addEventListener('message', (event: MessageEvent<ToSqlWorker>) => void host.then((ready) => ready.receive(event.data)))
