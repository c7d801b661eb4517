import { once } from 'node:events'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HttpRequestSpec } from '../query/request-builder.ts'
import { createFetchTransport, DEFAULT_MAX_BYTES } from './fetch-transport.ts'
import type { TransferProgress } from './transport.ts'
import { failureOf } from './test-support/failure-of.ts'

let server: Server
let origin = ''
const hanging = new Set<ServerResponse>()
/** Whether the endless stream was stopped (its connection closed) after the transport gave up. */
let endlessClosed: Promise<void> | undefined

/** Routes by path: each one a way a server can behave. */
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      switch (req.url) {
        case '/echo':
          res.writeHead(200, { 'content-type': 'application/json', 'x-extra': 'Yes' })
          res.end(JSON.stringify({ method: req.method, authorization: req.headers.authorization ?? null, cookie: req.headers.cookie ?? null, body }))
          return
        case '/chunks':
          // 'é' is 0xC3 0xA9: the two bytes arrive in different chunks.
          res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '7' })
          res.write(Buffer.from([0x61, 0x62, 0x63, 0x64, 0xc3]))
          setTimeout(() => res.end(Buffer.from([0xa9, 0x66])), 20)
          return
        case '/never-ends':
          res.writeHead(200, { 'content-type': 'application/json' })
          res.write('{"success": true, "result": {"records": [')
          hanging.add(res)
          return
        case '/no-answer':
          hanging.add(res)
          return
        case '/reset':
          res.writeHead(200, { 'content-type': 'application/json' })
          res.write('{"records": [1, 2,')
          setTimeout(() => req.socket.destroy(), 10)
          return
        case '/endless': {
          // Streams 64 KB chunks without a length until the reader goes away.
          res.writeHead(200, { 'content-type': 'application/json' })
          const chunk = Buffer.alloc(65_536, 0x20)
          const timer = setInterval(() => res.write(chunk), 1)
          endlessClosed = new Promise((resolve) => res.on('close', () => (clearInterval(timer), resolve())))
          return
        }
        case '/declared-huge':
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000000' })
          res.write('{')
          hanging.add(res)
          return
        case '/redirect':
          res.writeHead(302, { location: '/echo' }).end()
          return
        default:
          res.writeHead(404).end()
      }
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => {
  for (const res of hanging) res.destroy()
  server.close()
})

const get = (path: string, headers: [string, string][] = []): HttpRequestSpec => ({ method: 'GET', url: origin + path, headers })

describe('fetch transport', () => {
  it('sends method, headers and body, and returns status, lower-case headers and the text', async () => {
    const spec: HttpRequestSpec = {
      method: 'POST',
      url: `${origin}/echo`,
      headers: [['Content-Type', 'application/json'], ['Authorization', 'tok']],
      body: '{"resource_id":"ü"}',
    }
    const response = await createFetchTransport().send(spec, {})
    expect(response.status).toBe(200)
    expect(response.headers).toContainEqual(['x-extra', 'Yes'])
    expect(JSON.parse(response.bodyText)).toEqual({ method: 'POST', authorization: 'tok', cookie: null, body: '{"resource_id":"ü"}' })
    expect(response.elapsedMs).toBeGreaterThan(0)
    expect(response.redirectedTo).toBeUndefined()
  })

  it('reports bytes as they arrive and decodes UTF-8 split across chunks', async () => {
    const progress: TransferProgress[] = []
    const response = await createFetchTransport().send(get('/chunks'), { onProgress: (p) => progress.push(p) })
    expect(response.bodyText).toBe('abcdéf')
    expect(progress.at(-1)).toEqual({ done: 7, total: 7, unit: 'bytes' })
    expect(progress.length).toBeGreaterThan(1)
  })

  it('follows a redirect and says where it ended', async () => {
    const response = await createFetchTransport().send(get('/redirect'), {})
    expect(response.status).toBe(200)
    expect(response.redirectedTo).toBe(`${origin}/echo`)
  })

  it('times out a server that never answers', async () => {
    const failure = await failureOf(createFetchTransport({ timeoutMs: 150 }).send(get('/no-answer'), {}))
    expect(failure).toMatchObject({ kind: 'timeout', details: { phase: 'connect', timeoutMs: 150 } })
  })

  it('times out an answer that never ends, and the request can shorten the timeout', async () => {
    const started = performance.now()
    const failure = await failureOf(createFetchTransport({ timeoutMs: 10_000 }).send(get('/never-ends'), { timeoutMs: 150 }))
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(failure.kind).toBe('timeout')
    expect(failure.details.phase).toBe('body')
    expect(failure.details.receivedBytes).toBeGreaterThan(0)
  })

  it('stops when the caller cancels, and says it was a cancel rather than a timeout', async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    const failure = await failureOf(createFetchTransport().send(get('/never-ends'), { signal: controller.signal }))
    expect(failure.kind).toBe('aborted')
  })

  it('does not send at all when already cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    expect((await failureOf(createFetchTransport().send(get('/echo'), { signal: controller.signal }))).kind).toBe('aborted')
  })

  it('reports a refused connection as a network failure before any answer', async () => {
    const closed = createServer()
    closed.listen(0, '127.0.0.1')
    await once(closed, 'listening')
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/x`
    closed.close()
    await once(closed, 'close')
    const failure = await failureOf(createFetchTransport().send({ method: 'GET', url, headers: [] }, {}))
    expect(failure).toMatchObject({ kind: 'network', details: { phase: 'connect' } })
  })

  it('reports a connection reset in the middle of the body as a network failure during the body', async () => {
    const failure = await failureOf(createFetchTransport().send(get('/reset'), {}))
    expect(failure).toMatchObject({ kind: 'network', details: { phase: 'body' } })
  })

  it('stops an answer past the size limit as it streams in, and closes the connection', async () => {
    const progress: TransferProgress[] = []
    const failure = await failureOf(createFetchTransport().send(get('/endless'), { maxBytes: 1_000_000, onProgress: (p) => progress.push(p) }))
    expect(failure).toMatchObject({ kind: 'too-large', details: { phase: 'body', limitBytes: 1_000_000 } })
    expect(failure.details.receivedBytes).toBeGreaterThan(1_000_000)
    expect(failure.details.receivedBytes).toBeLessThan(1_200_000)
    expect(progress.at(-1)?.done ?? 0).toBeLessThanOrEqual(1_000_000)
    await endlessClosed
  })

  it('refuses an answer whose declared length passes the limit before reading it; the default limit is 200 MB', async () => {
    const failure = await failureOf(createFetchTransport({ maxBytes: 4_000_000 }).send(get('/declared-huge'), {}))
    expect(failure).toMatchObject({ kind: 'too-large', details: { receivedBytes: 0, limitBytes: 4_000_000 } })
    expect(failure.message).toBe('The answer passed the size limit of 4 MB.')
    const within = await createFetchTransport().send(get('/chunks'), { maxBytes: 7 })
    expect(within.bodyText).toBe('abcdéf')
    expect(DEFAULT_MAX_BYTES).toBe(200_000_000)
  })

  it('refuses a header that cannot travel (non-Latin-1 or a line break) without sending', async () => {
    const failure = await failureOf(createFetchTransport().send(get('/echo', [['Authorization', 'tök\nen']]), {}))
    expect(failure.kind).toBe('invalid-request')
    expect(failure.message).toMatch(/Authorization header/)
    expect(failure.message).not.toContain('tök')
  })
})
