// The composition root of the fetch layer: one live transport (fetch), the worker that fetches and
// parses big live answers off the page's thread, one demo transport (the reference engine in a Web
// Worker, started on the first demo query), what each live server was seen to accept, and the tokens
// by origin that every live request is checked against before it leaves.
import type { Transports } from '../api/datastore-search.ts'
import type { LiveWorkerClient } from '../api/live-worker-client.ts'
import { OffThreadUnavailable } from '../api/off-thread.ts'
import { createServerFormats } from '../api/server-formats.ts'
import type { SqlWorkerTransport } from '../api/sql-worker-transport.ts'
import type { SqlOwnFile } from '../demo/sql-protocol.ts'
import { createTokenStore, withoutForeignTokens } from '../api/token-store.ts'
import { createTotalCosts } from '../api/total-costs.ts'
import type { Transport } from '../api/transport.ts'
import { createWorkerTransport, type DemoRequestClient } from '../api/worker-transport.ts'
import { whenIdle } from '../features/idle/when-idle.ts'
import { createDemoWorkerClient, type DemoWorkerClient, type WorkerLike } from '../demo/worker-client.ts'

let demoClient: DemoWorkerClient | undefined

/** The demo engine's worker, started on first use (queries and added files share it). */
export function demoWorker(): DemoWorkerClient {
  demoClient ??= createDemoWorkerClient(() => new Worker(new URL('../api/demo-worker.ts', import.meta.url), { type: 'module', name: 'demo-engine' }) as WorkerLike)
  return demoClient
}

const demoRequests: DemoRequestClient = {
  request: (request, options) => demoWorker().request(request, options),
  read: (request, context, options) => demoWorker().read(request, context, options),
  summarize: (request, signal) => demoWorker().summarize(request, signal),
  summarizeRecords: (fields, records, signal) => demoWorker().summarizeRecords(fields, records, signal),
  group: (request, signal) => demoWorker().group(request, signal),
  groupRecords: (fields, records, request, signal) => demoWorker().groupRecords(fields, records, request, signal),
}

/** The API tokens the user entered, by origin: the form shows one, the live transports ask it. */
export const tokenStore = createTokenStore()

let liveClient: Promise<LiveWorkerClient> | undefined

function liveWorkerClient(): Promise<LiveWorkerClient> {
  if (typeof Worker === 'undefined') return Promise.reject(new OffThreadUnavailable('This browser has no Web Workers.'))
  liveClient ??= import('../api/live-worker-client.ts').then(({ createLiveWorkerClient }) => createLiveWorkerClient())
  return liveClient
}

/** The live-answer worker, started (with its client's code) on the first big live page or long answer (none where Workers do not exist). */
const liveOffThread: Transports['liveOffThread'] = {
  search: async (spec, context, options) => (await liveWorkerClient()).search(withoutForeignTokens(spec, tokenStore), context, options),
  parse: async (raw, context, options) => (await liveWorkerClient()).parse(raw, context, options),
}

export const serverFormats = createServerFormats()
export const totalCosts = createTotalCosts()

/** The demo engine's transport, with its summaries (`summarize`, `summarizeRecords`) and groupings (`group`, `groupRecords`). */
export const demoTransport = createWorkerTransport(demoRequests)

let sqlTransport: Promise<SqlWorkerTransport> | undefined
/** The same transport once its code is in: a statement is posted to the worker in the task that asks for it. */
let sqlTransportLoaded: SqlWorkerTransport | undefined
const sqlFiles: SqlOwnFile[] = []

/** The demo SQL transport's code, loaded (and the worker made ready to start) on the first SQL query. */
function demoSql(): Promise<SqlWorkerTransport> {
  sqlTransport ??= import('../api/sql-worker-transport.ts').then((module) => {
    const transport = module.createSqlWorkerTransport(() => new Worker(new URL('../api/sql-worker.ts', import.meta.url), { type: 'module', name: 'demo-sql' }))
    for (const file of sqlFiles) transport.addFile(file)
    sqlTransportLoaded = transport
    return transport
  })
  return sqlTransport
}

/** Demo SQL: PGlite in a worker of its own, started on the first SQL query; added files are handed to it. */
export const demoSqlTransport = {
  // Not through a resolved promise once loaded: that microtask came after React's own re-render at the
  // end of the run's effects, so the statement waited for a second render of the page before it left.
  send: (...args: Parameters<SqlWorkerTransport['send']>) => (sqlTransportLoaded ? sqlTransportLoaded.send(...args) : demoSql().then((transport) => transport.send(...args))),
  /** The SQL mode was chosen (or is about to be) in demo mode: start PostgreSQL now, and load `resourceId` when small. */
  warm(resourceId?: string): void {
    void demoSql().then((transport) => transport.warm(resourceId))
  },
  addFile(file: SqlOwnFile): void {
    sqlFiles.push(file)
    if (sqlTransport) void sqlTransport.then((transport) => transport.addFile(file))
  },
}


// The fetch transport loads on idle (or with the first live request): the demo never needs it.
let fetchTransport: Promise<Transport> | undefined
const loadFetchTransport = () => (fetchTransport ??= import('../api/fetch-transport.ts').then(({ createFetchTransport }) => createFetchTransport()))
whenIdle(() => void loadFetchTransport())

/** Every live request (searches, metadata, summaries, export, probe) carries only its own origin's token. */
const liveTransport: Transport = {
  send: async (spec, options) => {
    const own = withoutForeignTokens(spec, tokenStore)
    return (await loadFetchTransport()).send(own, options)
  },
}

export const transports: Transports = {
  live: liveTransport,
  demo: demoTransport,
  demoOffThread: demoTransport,
  liveOffThread,
  serverFormats,
  demoSql: demoSqlTransport,
  totalCosts,
}
