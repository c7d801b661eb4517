// The composition root of the fetch layer: one live transport (fetch) and one demo transport (the
// reference engine in a Web Worker, started on the first demo query).
import { createFetchTransport } from '../api/fetch-transport.ts'
import { createWorkerTransport, type DemoRequestClient } from '../api/worker-transport.ts'
import { createDemoWorkerClient, type DemoWorkerClient } from '../demo/worker-client.ts'

let demoClient: DemoWorkerClient | undefined

function demoWorker(): DemoWorkerClient {
  demoClient ??= createDemoWorkerClient()
  return demoClient
}

const demoRequests: DemoRequestClient = {
  request: (spec, { signal, onProgress }) =>
    demoWorker().request(
      { method: spec.method, url: spec.url, headers: spec.headers, body: spec.body },
      { signal, onProgress: onProgress && ((progress) => onProgress(progress.done, progress.total)) },
    ),
}

export const transports = { live: createFetchTransport(), demo: createWorkerTransport(demoRequests) }
