// Demo transport: the same HttpRequestSpec, answered by the reference engine in a Web Worker.
import type { DemoWorkerClient } from '../demo/worker-client.ts'
import { TransportError, type RawResponse, type Transport } from './transport.ts'

/** The part of the demo worker client this transport uses. */
export type DemoRequestClient = Pick<DemoWorkerClient, 'request'>

export function createWorkerTransport(client: DemoRequestClient): Transport {
  return {
    async send(spec, { signal, onProgress }): Promise<RawResponse> {
      if (signal?.aborted) throw new TransportError('aborted', 'The query was cancelled.')
      const started = performance.now()
      try {
        const reply = await client.request(spec, {
          signal,
          onProgress: onProgress && (({ done, total }) => onProgress({ done, total, unit: 'records' })),
        })
        return {
          status: reply.status,
          statusText: reply.statusText,
          headers: reply.headers.map(([name, value]) => [name.toLowerCase(), value]),
          bodyText: reply.body,
          elapsedMs: performance.now() - started,
        }
      } catch (error) {
        if (signal?.aborted) throw new TransportError('aborted', 'The query was cancelled.')
        throw new TransportError('demo-engine', error instanceof Error ? error.message : String(error))
      }
    },
  }
}
