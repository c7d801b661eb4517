import { createServer, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { answerClientError } from './client-error.ts'

let server: Server | undefined

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve))
  server = undefined
})

let logged: Array<{ method: string; rawUrl: string; status: number }> = []

async function listen(): Promise<number> {
  logged = []
  server = createServer((_request, response) => response.end('handled'))
  server.on('clientError', (error, socket) => answerClientError(error, socket, (method, rawUrl, status) => logged.push({ method, rawUrl, status })))
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

/** Sends raw bytes (what node:http's own client refuses to send) and reads the whole answer. */
function sendRaw(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(Buffer.from(raw, 'latin1')))
    let answer = ''
    socket.setEncoding('utf8').on('data', (text: string) => (answer += text))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}

function parse(answer: string): { statusLine: string; headers: string[]; body: unknown } {
  const [head = '', body = ''] = answer.split('\r\n\r\n')
  const [statusLine = '', ...headers] = head.split('\r\n')
  return { statusLine, headers: headers.map((line) => line.toLowerCase()), body: JSON.parse(body) }
}

// Found by the fuzz test: node:http answered these itself with a bare 400/431 and no CORS header.
describe('requests node:http cannot parse', () => {
  it.each([
    ['an unknown method', 'FOO /data/api/action/datastore_search HTTP/1.1\r\nHost: x\r\n\r\n', 'the HTTP method is not one this server knows'],
    ['a URL over the header size limit', `GET /data/api/action/datastore_search?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 'larger than 16 KB'],
    ['a raw non-ASCII byte in the URL', 'GET /data/api/action/datastore_search?q=\u00e9 HTTP/1.1\r\nHost: x\r\n\r\n', 'the request URL is malformed'],
    ['a header line without a colon', 'GET / HTTP/1.1\r\nHost: x\r\nnot a header\r\n\r\n', 'the request is not well-formed HTTP'],
  ])('answer %s with CKAN\'s 400 JSON string and the CORS header', async (_name, raw, reason) => {
    const { statusLine, headers, body } = parse(await sendRaw(await listen(), raw))
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request')
    expect(headers).toContain('access-control-allow-origin: *')
    expect(headers).toContain('content-type: application/json;charset=utf-8')
    expect(typeof body).toBe('string')
    expect(body).toMatch(/^Bad request - /)
    expect(body).toContain(reason)
  })

  it('logs each one once, with the method and path when they are readable', async () => {
    const port = await listen()
    await sendRaw(port, 'FOO /data/api/action/datastore_search?q=x HTTP/1.1\r\nHost: x\r\n\r\n')
    await sendRaw(port, 'GET /data?q=\u00e9\u001b[2J HTTP/1.1\r\nHost: x\r\n\r\n')
    await sendRaw(port, '\u0000\u0001 garbage\r\n\r\n')
    expect(logged).toEqual([
      { method: 'FOO', rawUrl: '/data/api/action/datastore_search?q=x', status: 400 },
      { method: 'GET', rawUrl: '/data?q=??[2J', status: 400 },
      { method: '-', rawUrl: 'garbage', status: 400 },
    ])
  })

  it('answers a malformed HEAD request without a body', async () => {
    const answer = await sendRaw(await listen(), 'HEAD /data/api/action/datastore_search?q=\u00e9 HTTP/1.1\r\nHost: x\r\n\r\n')
    expect(answer.startsWith('HTTP/1.1 400 Bad Request\r\n')).toBe(true)
    expect(answer.toLowerCase()).toContain('access-control-allow-origin: *')
    expect(answer.endsWith('\r\n\r\n')).toBe(true)
  })

  it('closes a connection whose next pipelined request is garbage while an answer is pending, and keeps serving', async () => {
    const port = await listen()
    server?.removeAllListeners('request')
    server?.on('request', (_request, response) => setTimeout(() => response.end('handled'), 50))
    const answer = await sendRaw(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\nFOO / HTTP/1.1\r\nHost: x\r\n\r\n')
    expect(answer).toBe('')
    expect(await sendRaw(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*handled$/)
  })

  it('leaves well-formed requests to the handler', async () => {
    const answer = await sendRaw(await listen(), 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    expect(answer.startsWith('HTTP/1.1 200 OK')).toBe(true)
    expect(answer.endsWith('handled')).toBe(true)
  })
})
