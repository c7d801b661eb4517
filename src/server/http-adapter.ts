// Node's http server <-> the engine's fetch-style handler: IncomingMessage -> Request -> handler ->
// Response -> ServerResponse, with the body streamed out, a request body size limit, and a client
// that hangs up mid-response handled quietly.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'

export type FetchHandler = (request: Request) => Promise<Response>

export interface AdapterOptions {
  basePath: string
  /**
   * The server's own origin, e.g. "http://127.0.0.1:8800" (or `--public-url`): every request URL the
   * handler sees, and so `help` and `_links`, is built on it, never on the client's Host header.
   * A function, since the port is known only once listening.
   */
  origin: () => string
  /** Largest accepted request body (default 10 MB). */
  maxBodyBytes?: number
  /** Awaited after reading a large body, before the handler sees it (a turn for the other requests). */
  pause?: () => Promise<void>
  /** Told when each request starts (request-gate.ts): `leave` when it ends; its work runs `within` it. */
  gate?: { start(): { leave: () => void; within: <T>(work: () => T) => T } }
  /** Called once per request when it ends (answered, or abandoned by the client). */
  onDone?: (method: string, rawUrl: string, status: number | 'aborted', milliseconds: number) => void
}

const DEFAULT_MAX_BODY = 10 * 1024 * 1024
/** A body from this size on is handed to the handler after a pause (copying megabytes takes milliseconds each time). */
const LARGE_BODY_BYTES = 1 << 18
const CORS = { 'access-control-allow-origin': '*' }
// Methods node:http accepts but a web Request refuses to carry (its constructor throws).
const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])

class BodyTooLargeError extends Error {}

export function createRequestListener(handler: FetchHandler, options: AdapterOptions): RequestListener {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY
  return (incoming, outgoing) => {
    const started = performance.now()
    const presence = options.gate?.start()
    const leave = presence?.leave
    const method = incoming.method ?? 'GET'
    const rawUrl = incoming.url ?? '/'
    let reported = false
    const report = (status: number | 'aborted'): void => {
      if (reported) return
      reported = true
      leave?.()
      options.onDone?.(method, rawUrl, status, performance.now() - started)
    }
    outgoing.on('close', () => report(outgoing.writableFinished ? outgoing.statusCode : 'aborted'))
    const respond = () => answer(handler, incoming, outgoing, options, maxBodyBytes)
    void (presence ? presence.within(respond) : respond()).catch(() => {
      if (!outgoing.headersSent) sendJson(outgoing, 500, errorEnvelope(options, 'Internal Server Error', 'Internal Server Error'))
      else outgoing.destroy()
    })
  }
}

async function answer(handler: FetchHandler, incoming: IncomingMessage, outgoing: ServerResponse, options: AdapterOptions, maxBodyBytes: number): Promise<void> {
  const method = incoming.method ?? 'GET'
  if (FETCH_FORBIDDEN_METHODS.has(method.toUpperCase())) {
    outgoing.setHeader('allow', 'GET, POST, OPTIONS')
    sendJson(outgoing, 405, errorEnvelope(options, 'Method Not Allowed',
      `Method Not Allowed: ${method} is not allowed here; use GET, POST or OPTIONS`))
    return
  }
  let body: Uint8Array<ArrayBuffer> | undefined
  if (incoming.method !== 'GET' && incoming.method !== 'HEAD') {
    try {
      const bytes = await readBody(incoming, maxBodyBytes)
      // a view, not a copy (Request copies it once more); a Buffer's memory is never shared
      body = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength)
      if (bytes.byteLength >= LARGE_BODY_BYTES) await options.pause?.()
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error
      outgoing.setHeader('connection', 'close')
      sendJson(outgoing, 413, errorEnvelope(options, 'Request Too Large',
        `The request body is larger than ${Math.round(maxBodyBytes / 1024 / 1024)} MB.`))
      return
    }
  }
  const request = new Request(requestUrl(incoming, options.origin()), {
    method: incoming.method,
    headers: requestHeaders(incoming),
    body,
  })
  const response = await handler(request)
  await sendResponse(response, outgoing)
}

/**
 * The request's path and query on the server's own origin. The target is appended, not resolved:
 * resolving `//other.example/x` against the origin would read `other.example` as the host. An
 * absolute-form target (`GET http://other.example/x`) keeps only its path and query.
 */
export function requestUrl(incoming: Pick<IncomingMessage, 'url'>, origin: string): string {
  let target = incoming.url ?? '/'
  if (!target.startsWith('/')) {
    try {
      const absolute = new URL(target)
      target = `${absolute.pathname}${absolute.search}`
    } catch {
      target = `/${target}`
    }
  }
  try {
    return new URL(`${origin}${target}`).href
  } catch {
    return `${origin}/`
  }
}

function requestHeaders(incoming: IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined || name.startsWith(':')) continue
    try {
      headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    } catch {
      // a header value the fetch Headers class refuses is dropped, not fatal
    }
  }
  return headers
}

function readBody(incoming: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(incoming.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) {
    incoming.resume()
    return Promise.reject(new BodyTooLargeError())
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer): void => {
      size += chunk.length
      if (size > maxBytes) {
        incoming.off('data', onData)
        incoming.resume()
        reject(new BodyTooLargeError())
        return
      }
      chunks.push(chunk)
    }
    incoming.on('data', onData)
    incoming.on('end', () => resolve(Buffer.concat(chunks)))
    incoming.on('error', reject)
    incoming.on('close', () => {
      if (!incoming.complete) reject(new Error('the client went away before sending the whole body'))
    })
  })
}

async function sendResponse(response: Response, outgoing: ServerResponse): Promise<void> {
  const headers: string[] = []
  response.headers.forEach((value, name) => headers.push(name, value))
  outgoing.writeHead(response.status, response.statusText || undefined, headers)
  if (response.body === null) {
    outgoing.end()
    return
  }
  const reader = response.body.getReader()
  let clientGone = false
  const onClose = (): void => {
    if (outgoing.writableFinished) return
    clientGone = true
    void reader.cancel().catch(() => undefined)
  }
  outgoing.on('close', onClose)
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done || clientGone) break
      if (!outgoing.write(value)) await waitForDrain(outgoing)
    }
  } catch (error) {
    if (!clientGone) throw error
  } finally {
    outgoing.off('close', onClose)
  }
  if (!clientGone) outgoing.end()
}

function waitForDrain(outgoing: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      outgoing.off('drain', done)
      outgoing.off('close', done)
      resolve()
    }
    outgoing.on('drain', done)
    outgoing.on('close', done)
  })
}

function errorEnvelope(options: AdapterOptions, type: string, message: string): unknown {
  const origin = options.origin()
  return {
    help: `${origin}${options.basePath}/api/3/action/help_show?name=datastore_search`,
    success: false,
    error: { __type: type, message },
  }
}

function sendJson(outgoing: ServerResponse, status: number, body: unknown): void {
  outgoing.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...CORS })
  outgoing.end(JSON.stringify(body))
}
