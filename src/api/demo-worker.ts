// The demo Web Worker: hosts the same engine handler as the Node server, over the demo resources and
// any files the user adds, and reads big answers here (demo-answer-reader.ts) so the page gets them
// parsed, as columns. Everything but the wiring to the worker global is in src/demo/worker-host.ts.
import type { ToWorker } from '../demo/protocol.ts'
import { createDemoWorkerHost } from '../demo/worker-host.ts'
import { readDemoAnswer } from './demo-answer-reader.ts'

// oxlint-disable-next-line unicorn/require-post-message-target-origin -- inside a worker there is no target origin
const host = createDemoWorkerHost((message, transfer = []) => self.postMessage(message, { transfer }), {
  readAnswer: readDemoAnswer,
  // the generated resource's records are written there while this worker builds the table from them
  generatorWorker: typeof Worker === 'function' ? () => new Worker(new URL('./generator-worker.ts', import.meta.url), { type: 'module', name: 'demo-generator' }) : undefined,
})

self.addEventListener('message', (event: MessageEvent<ToWorker>) => host.receive(event.data))
