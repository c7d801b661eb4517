// The composition root of the fetch layer: one live transport (fetch) and one demo transport (the
// reference engine in a Web Worker, started on the first demo query).
import { createFetchTransport } from '../api/fetch-transport.ts'
import { createWorkerTransport, type DemoRequestClient } from '../api/worker-transport.ts'
import { createDemoWorkerClient, type DemoWorkerClient } from '../demo/worker-client.ts'

let demoClient: DemoWorkerClient | undefined

/** The demo engine's worker, started on first use (queries and added files share it). */
export function demoWorker(): DemoWorkerClient {
  demoClient ??= createDemoWorkerClient()
  return demoClient
}

const demoRequests: DemoRequestClient = {
  request: (request, options) => demoWorker().request(request, options),
  summarize: (request, signal) => demoWorker().summarize(request, signal),
}

export const transports = { live: createFetchTransport(), demo: createWorkerTransport(demoRequests) }
