// The composition root of the fetch layer: one live transport (fetch), the worker that fetches and
// parses big live answers off the page's thread, one demo transport (the reference engine in a Web
// Worker, started on the first demo query), what each live server was seen to accept, and the tokens
// by origin that every live request is checked against before it leaves.
import type { Transports } from '../api/datastore-search.ts'
import { createFetchTransport } from '../api/fetch-transport.ts'
import { createLiveWorkerClient, OffThreadUnavailable, type LiveWorkerClient } from '../api/live-worker-client.ts'
import { createServerFormats } from '../api/server-formats.ts'
import { createTokenStore, withoutForeignTokens } from '../api/token-store.ts'
import { createTotalCosts } from '../api/total-costs.ts'
import type { Transport } from '../api/transport.ts'
import { createWorkerTransport, type DemoRequestClient } from '../api/worker-transport.ts'
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
}

/** The API tokens the user entered, by origin: the form shows one, the live transports ask it. */
export const tokenStore = createTokenStore()

let liveClient: LiveWorkerClient | undefined

/** The live-answer worker, started on the first big live page (none where Workers do not exist). */
const liveOffThread: Transports['liveOffThread'] = {
  search: (spec, context, options) => {
    if (typeof Worker === 'undefined') return Promise.reject(new OffThreadUnavailable('This browser has no Web Workers.'))
    liveClient ??= createLiveWorkerClient()
    return liveClient.search(withoutForeignTokens(spec, tokenStore), context, options)
  },
}

export const serverFormats = createServerFormats()
export const totalCosts = createTotalCosts()

/** The demo engine's transport, with its summaries (`summarize`, `summarizeRecords`). */
export const demoTransport = createWorkerTransport(demoRequests)

const fetchTransport = createFetchTransport()

/** Every live request (searches, metadata, summaries, export, probe) carries only its own origin's token. */
const liveTransport: Transport = {
  send: (spec, options) => fetchTransport.send(withoutForeignTokens(spec, tokenStore), options),
}

export const transports: Transports = {
  live: liveTransport,
  demo: demoTransport,
  demoOffThread: demoTransport,
  liveOffThread,
  serverFormats,
  totalCosts,
}
