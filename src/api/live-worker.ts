// The live-answer Web Worker: big live answers are fetched, parsed and rebuilt here, off the page's
// thread. Everything but the wiring to the worker global is in live-worker-host.ts.
import { createLiveWorkerHost } from './live-worker-host.ts'
import type { ToLiveWorker } from './live-worker-protocol.ts'

// oxlint-disable-next-line unicorn/require-post-message-target-origin -- inside a worker there is no target origin
const host = createLiveWorkerHost((message, transfer = []) => self.postMessage(message, { transfer }))

self.addEventListener('message', (event: MessageEvent<ToLiveWorker>) => host.receive(event.data))
