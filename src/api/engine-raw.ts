// The engine's answer as raw HTTP: the page's demo transport and the demo worker's reader both start
// from it (its own module, so the page does not load the parser with it).
import type { SerializedResponse } from '../demo/protocol.ts'
import type { RawResponse } from './transport.ts'

/** The engine's answer exactly as a live server's would reach the parser. */
export function rawFromEngine(reply: SerializedResponse, elapsedMs: number): RawResponse {
  return {
    status: reply.status,
    statusText: reply.statusText,
    headers: reply.headers.map(([name, value]) => [name.toLowerCase(), value]),
    bodyText: reply.body,
    elapsedMs,
  }
}
