// Requests node:http cannot parse (an unknown method, a request line or headers over its size
// limit, bytes in the URL that HTTP forbids) never reach the handler. Node's own answer is a bare
// 400 or 431 without a CORS header, which a browser reports only as a network error. Answer them
// as CKAN answers a request it cannot read: 400 with a JSON string, CORS included, then close.
import { maxHeaderSize } from 'node:http'
import type { Duplex } from 'node:stream'

function reason(code: string | undefined): string {
  if (code === 'HPE_HEADER_OVERFLOW') return `the request line and headers are larger than ${Math.round(maxHeaderSize / 1024)} KB`
  if (code === 'HPE_INVALID_METHOD') return 'the HTTP method is not one this server knows; use GET, POST or OPTIONS'
  if (code === 'HPE_INVALID_URL') return 'the request URL is malformed (percent-encode characters outside ASCII)'
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'the request took too long to arrive'
  return 'the request is not well-formed HTTP'
}

/** Method and target of the unparsed request line, for the log: visible ASCII only, else "-". */
export function requestLineParts(rawPacket: Buffer | undefined): { method: string; rawUrl: string } {
  const line = (rawPacket?.subarray(0, 4096).toString('latin1') ?? '').split(/\r?\n/, 1)[0] ?? ''
  const [method = '', target = ''] = line.split(' ')
  return {
    method: /^[A-Za-z-]{1,20}$/.test(method) ? method : '-',
    rawUrl: target === '' ? '-' : visibleAscii(target.slice(0, 2048)),
  }
}

/** The text with everything but visible ASCII replaced by "?", so a log line stays one readable line. */
function visibleAscii(text: string): string {
  return text.replace(/[^\u0021-\u007e]/g, '?')
}

/** Called once per answered request, like the adapter's `onDone`. */
export type ClientErrorLog = (method: string, rawUrl: string, status: number) => void

/** A `clientError` listener for node:http's Server: `server.on('clientError', (e, s) => answerClientError(e, s, log))`. */
export function answerClientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex, log?: ClientErrorLog): void {
  // A response already under way on this connection (node:http's own field, as its default
  // clientError answer checks) must not be interleaved with another: just close.
  const pending: unknown = Reflect.get(socket, '_httpMessage')
  const busy = pending !== null && pending !== undefined
  if (error.code === 'ECONNRESET' || !socket.writable || busy) {
    socket.destroy()
    return
  }
  const body = JSON.stringify(`Bad request - ${reason(error.code)}`)
  const { method, rawUrl } = requestLineParts(error.rawPacket)
  log?.(method, rawUrl, 400)
  // An answer to HEAD has no body (its length is still the one GET would get).
  const isHead = method === 'HEAD'
  socket.end([
    'HTTP/1.1 400 Bad Request',
    'content-type: application/json;charset=utf-8',
    'access-control-allow-origin: *',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    '',
    isHead ? '' : body,
  ].join('\r\n'))
}
