// The seam between the query and whatever answers it: `fetch` for live APIs, the engine's worker for
// demo mode. Both take the same HttpRequestSpec and give back the same raw response.
import type { HttpRequestSpec } from '../query/request-builder.ts'

export interface RawResponse {
  status: number
  statusText: string
  /** Response headers, names in lower case. */
  headers: [name: string, value: string][]
  bodyText: string
  /** From sending the request to the last byte of the body. */
  elapsedMs: number
  /** The address that answered, when a redirect was followed. */
  redirectedTo?: string
}

export interface TransferProgress {
  done: number
  /** Unknown when the server sends no length. */
  total?: number
  /** Bytes of a live answer, or units of the demo resource being built (records). */
  unit: 'bytes' | 'records'
}

export interface SendOptions {
  signal?: AbortSignal
  onProgress?: (progress: TransferProgress) => void
  /** Overrides the transport's default timeout for this request (ms; 0 = none). */
  timeoutMs?: number
  /** Overrides the transport's default size limit for this answer's body (bytes). */
  maxBytes?: number
}

export interface Transport {
  send(spec: HttpRequestSpec, options: SendOptions): Promise<RawResponse>
}

export type TransportFailureKind = 'network' | 'timeout' | 'aborted' | 'invalid-request' | 'demo-engine' | 'too-large'

/** Why no complete response arrived. Transports reject with this and nothing else. */
export class TransportError extends Error {
  override readonly name = 'TransportError'
  constructor(
    readonly kind: TransportFailureKind,
    message: string,
    readonly details: {
      /** `connect`: nothing arrived; `body`: the answer started but did not finish. */
      phase?: 'connect' | 'body'
      receivedBytes?: number
      timeoutMs?: number
      /** The size limit an answer passed (`too-large`). */
      limitBytes?: number
    } = {},
  ) {
    super(message)
  }
}
