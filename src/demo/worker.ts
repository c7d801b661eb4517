// The demo Web Worker: hosts the same engine handler as the Node server, over the demo resources
// and any files the user adds. Everything but the wiring to the worker global is in worker-host.ts.
import type { ToWorker } from './protocol.ts'
import { createDemoWorkerHost } from './worker-host.ts'

// oxlint-disable-next-line unicorn/require-post-message-target-origin -- inside a worker there is no target origin
const host = createDemoWorkerHost((message) => self.postMessage(message))

self.addEventListener('message', (event: MessageEvent<ToWorker>) => host.receive(event.data))
