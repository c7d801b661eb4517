// Live transport: the browser's fetch, no cookies, no cache, no referrer, with a timeout that covers
// the whole answer (a server that never finishes its body is stopped too) and a size limit on it (an
// answer past it is stopped as it streams in, before it can fill the tab's memory).
import type { HttpRequestSpec } from '../query/request-builder.ts'
import { TransportError, type RawResponse, type SendOptions, type Transport } from './transport.ts'
import { formatCount } from '../query/locale-format.ts'

import { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS } from './fetch-limits.ts'

export { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS }

export interface FetchTransportOptions {
  /** Default for every request; a request may override it. 0 disables the timeout. */
  timeoutMs?: number
  /** Default size limit of an answer's body, in bytes; a request may override it. */
  maxBytes?: number
  fetchImpl?: typeof fetch
}

export function createFetchTransport(options: FetchTransportOptions = {}): Transport {
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init))
  const defaults = { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES }
  return {
    send: (spec, sendOptions) => sendWithFetch(fetchImpl, spec, { ...defaults, ...definedOnly(sendOptions) }),
  }
}

async function sendWithFetch(fetchImpl: typeof fetch, spec: HttpRequestSpec, options: SendOptions): Promise<RawResponse> {
  const { signal, onProgress, timeoutMs = DEFAULT_TIMEOUT_MS, maxBytes = DEFAULT_MAX_BYTES } = options
  if (signal?.aborted) throw new TransportError('aborted', 'The query was cancelled.')
  const badHeader = spec.headers.find(([name, value]) => !isHeaderSafe(name) || !isHeaderSafe(value))
  if (badHeader) {
    throw new TransportError('invalid-request', `The ${badHeader[0]} header holds characters that cannot be sent in an HTTP header.`)
  }
  const controller = new AbortController()
  const cancel = () => controller.abort()
  signal?.addEventListener('abort', cancel, { once: true })
  let timedOut = false
  const timer = timeoutMs > 0 ? setTimeout(() => ((timedOut = true), controller.abort()), timeoutMs) : undefined
  const started = performance.now()
  let phase: 'connect' | 'body' = 'connect'
  let receivedBytes = 0
  try {
    const response = await fetchImpl(spec.url, {
      method: spec.method,
      headers: spec.headers,
      body: spec.body,
      signal: controller.signal,
      mode: 'cors',
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      // Portals often redirect http to https; the redirect is followed and reported.
      redirect: 'follow',
    })
    phase = 'body'
    const tooLarge = (bytes: number) => {
      controller.abort()
      return new TransportError('too-large', `The answer passed the size limit of ${formatBytes(maxBytes)}.`, { phase, receivedBytes: bytes, limitBytes: maxBytes })
    }
    // A declared length past the limit is refused before a byte is read.
    if ((contentLength(response) ?? 0) > maxBytes) throw tooLarge(0)
    const bodyText = await readBody(response, maxBytes, tooLarge, (bytes) => {
      receivedBytes = bytes
      onProgress?.({ done: bytes, total: contentLength(response), unit: 'bytes' })
    })
    return {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers].map(([name, value]) => [name.toLowerCase(), value]),
      bodyText,
      elapsedMs: performance.now() - started,
      ...(response.redirected ? { redirectedTo: response.url } : {}),
    }
  } catch (error) {
    if (error instanceof TransportError) throw error
    if (timedOut) {
      throw new TransportError('timeout', `No complete answer within ${formatSeconds(timeoutMs)}.`, { phase, receivedBytes, timeoutMs })
    }
    if (signal?.aborted) throw new TransportError('aborted', 'The query was cancelled.', { phase, receivedBytes })
    // fetch gives a bare TypeError for DNS, refused connections, resets and CORS refusals alike.
    throw new TransportError('network', error instanceof Error ? error.message : String(error), { phase, receivedBytes })
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', cancel)
  }
}

/** Reads the body as UTF-8 text, reporting bytes as they arrive; past `maxBytes` it stops with `tooLarge`. */
async function readBody(response: Response, maxBytes: number, tooLarge: (bytes: number) => TransportError, onBytes: (bytes: number) => void): Promise<string> {
  if (!response.body) return response.text()
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  const parts: string[] = []
  let bytes = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    bytes += value.byteLength
    if (bytes > maxBytes) {
      void reader.cancel().catch(() => {})
      throw tooLarge(bytes)
    }
    parts.push(decoder.decode(value, { stream: true }))
    onBytes(bytes)
  }
  parts.push(decoder.decode())
  return parts.join('')
}

function contentLength(response: Response): number | undefined {
  const length = Number(response.headers.get('content-length'))
  return Number.isFinite(length) && length > 0 ? length : undefined
}

/** Header names and values must be single-line Latin-1 text. */
function isHeaderSafe(text: string): boolean {
  return /^[\t\x20-\x7e\x80-\xff]*$/.test(text)
}

/** Options without their undefined entries (so they do not replace a default). */
function definedOnly(options: SendOptions): SendOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as SendOptions
}

/** Bytes in MB (decimal, as the size limit is typed), e.g. `200 MB`, `1.5 MB`. */
export function formatBytes(bytes: number): string {
  const mb = bytes / 1_000_000
  return `${mb >= 10 ? formatCount(Math.round(mb)) : Number(mb.toFixed(mb >= 1 ? 1 : 3))} MB`
}

export function formatSeconds(ms: number): string {
  const seconds = ms / 1000
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`
}
