// Demo transport: the same HttpRequestSpec, answered by the reference engine in a Web Worker.
import type { HttpRequestSpec } from '../query/request-builder.ts'
import { TransportError, type RawResponse, type Transport } from './transport.ts'

/** What the demo worker client offers (src/demo/worker-client.ts); kept structural to stay decoupled. */
export interface DemoRequestClient {
  request(
    request: HttpRequestSpec,
    options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void },
  ): Promise<{ status: number; statusText: string; headers: Iterable<[string, string]> | Record<string, string>; body: string }>
}

export function createWorkerTransport(client: DemoRequestClient): Transport {
  return {
    async send(spec, { signal, onProgress }): Promise<RawResponse> {
      if (signal?.aborted) throw new TransportError('aborted', 'The query was cancelled.')
      const started = performance.now()
      try {
        const reply = await client.request(spec, {
          signal,
          onProgress: onProgress && ((done, total) => onProgress({ done, total, unit: 'records' })),
        })
        return {
          status: reply.status,
          statusText: reply.statusText,
          headers: headerPairs(reply.headers),
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

function headerPairs(headers: Iterable<[string, string]> | Record<string, string>): [string, string][] {
  const pairs = Symbol.iterator in headers ? [...(headers as Iterable<[string, string]>)] : Object.entries(headers)
  return pairs.map(([name, value]) => [name.toLowerCase(), value])
}
