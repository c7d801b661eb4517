// The generated demo resource's writer, a worker started by the demo engine's worker: it writes the
// records' bytes while the engine turns the chunks already written into the table
// (src/demo/generated-chunks.ts).
import { createChunkProducer, type FromGenerator, type ToGenerator } from '../demo/generated-chunks.ts'

// oxlint-disable-next-line unicorn/require-post-message-target-origin -- inside a worker there is no target origin
const post = (message: FromGenerator, transfer: Transferable[]): void => self.postMessage(message, { transfer })
let producer: ReturnType<typeof createChunkProducer> | undefined

self.addEventListener('message', (event: MessageEvent<ToGenerator>) => {
  const message = event.data
  if (message.kind === 'recycle') producer?.recycle(message.buffer)
  else if (producer === undefined) {
    producer = createChunkProducer({ count: message.count, seed: message.seed }, post)
    producer.run().catch((error: unknown) => post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }, []))
  }
})
