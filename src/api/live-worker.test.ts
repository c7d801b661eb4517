// The live-answer worker's protocol end to end: the page-side client and the worker-side host talk
// through structured clones (as postMessage does), and the host fetches from a real local HTTP server.
import { once } from 'node:events'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HttpRequestSpec } from '../query/request-builder.ts'
import { createLiveWorkerClient, OffThreadUnavailable, type LiveWorkerLike } from './live-worker-client.ts'
import { createLiveWorkerHost } from './live-worker-host.ts'
import type { FromLiveWorker, ToLiveWorker } from './live-worker-protocol.ts'
import { TransportError, type TransferProgress } from './transport.ts'
import { failureOf } from './test-support/failure-of.ts'

const FIELDS = ['_id', 'name', 'size'].map((id) => ({ id, type: id === 'name' ? 'text' : 'int' }))
const ROWS = 20_000
const listsBody = JSON.stringify({
  success: true,
  result: { records_format: 'lists', fields: FIELDS, records: Array.from({ length: ROWS }, (_, row) => [row + 1, `name ${row}`, row * 2]), total: ROWS },
})

let server: Server
let origin = ''
const hanging = new Set<ServerResponse>()
const aborted: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      switch (req.url) {
        case '/lists':
          res.writeHead(200, { 'content-type': 'application/json' }).end(listsBody)
          return
        case '/refused':
          res.writeHead(409, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, error: { __type: 'Validation Error', records_format: ['Unexpected'] } }))
          return
        case '/never-ends':
          res.writeHead(200, { 'content-type': 'application/json' })
          res.write('{"success": true, "result": {"records": [')
          hanging.add(res)
          res.on('close', () => aborted.push(req.url ?? ''))
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

afterAll(async () => {
  for (const res of hanging) res.destroy()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const spec = (path: string): HttpRequestSpec => ({ method: 'GET', url: `${origin}${path}`, headers: [] })

const raw = (bodyText: string) => ({ status: 200, statusText: 'OK', headers: [], bodyText, elapsedMs: 7 })

/** A stand-in Worker: the host runs here, every message crosses as a structured clone, a turn later. */
function inProcessWorker(seen: FromLiveWorker[] = [], transferred: number[] = []) {
  const listeners = new Map<string, ((event: Event) => void)[]>()
  const emit = (type: string, event: Event) => (listeners.get(type) ?? []).forEach((listener) => listener(event))
  const host = createLiveWorkerHost((message, transfer) => {
    const copy = structuredClone(message, { transfer })
    seen.push(copy)
    transferred.push(transfer?.length ?? 0)
    setTimeout(() => emit('message', new MessageEvent('message', { data: copy })))
  })
  const worker: LiveWorkerLike & { crash: () => void; terminated: boolean } = {
    terminated: false,
    postMessage: (message: ToLiveWorker) => setTimeout(() => host.receive(structuredClone(message))),
    terminate: () => void (worker.terminated = true),
    addEventListener: (type, listener) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    crash: () => emit('error', new Event('error', { cancelable: true })),
  }
  return worker
}

describe('live-answer worker', () => {
  it('fetches and parses in the worker, rebuilds lists, and the page gets every record back from columns', async () => {
    const seen: FromLiveWorker[] = []
    const client = createLiveWorkerClient(() => inProcessWorker(seen))
    const progress: TransferProgress[] = []
    const answer = await client.search(spec('/lists'), { requestedLimit: ROWS }, { onProgress: (value) => progress.push(value) })
    expect(answer.status).toBe(200)
    if (!answer.outcome.ok) throw new Error('expected records')
    const { records, fields, total, recordsFormat } = answer.outcome.result
    expect({ fields, total, recordsFormat }).toEqual({ fields: FIELDS, total: ROWS, recordsFormat: 'lists' })
    expect(records).toHaveLength(ROWS)
    expect(records[0]).toEqual({ _id: 1, name: 'name 0', size: 0 })
    expect(records[ROWS - 1]).toEqual({ _id: ROWS, name: `name ${ROWS - 1}`, size: (ROWS - 1) * 2 })
    expect(JSON.stringify(records)).toBe(JSON.stringify(Array.from({ length: ROWS }, (_, row) => ({ _id: row + 1, name: `name ${row}`, size: row * 2 }))))
    // The columns, a few per message (these three fit in one), then the answer without its records.
    const columnMessages = seen.flatMap((message) => (message.kind === 'columns' ? [message.part.keys] : []))
    expect(columnMessages).toEqual([['_id', 'name', 'size']])
    expect(seen.at(-1)).toMatchObject({ kind: 'answered', count: ROWS, outcome: { ok: true, result: { records: [] } } })
    expect(progress.at(-1)).toMatchObject({ done: listsBody.length, unit: 'bytes' })
  })

  it('parses in the worker an answer the page fetched itself, and an answer of 10,000 fields comes in a few messages of two buffers each', async () => {
    const seen: FromLiveWorker[] = []
    const transferred: number[] = []
    const client = createLiveWorkerClient(() => inProcessWorker(seen, transferred))
    const answer = await client.parse(raw(listsBody), { requestedLimit: ROWS })
    if (!answer.outcome.ok) throw new Error('expected records')
    expect(answer).toMatchObject({ status: 200, elapsedMs: 7 })
    expect(answer.outcome.result.records[ROWS - 1]).toEqual({ _id: ROWS, name: `name ${ROWS - 1}`, size: (ROWS - 1) * 2 })

    seen.length = 0
    transferred.length = 0
    const ids = Array.from({ length: 10_000 }, (_, index) => `f${index}`)
    const wide = JSON.stringify({
      success: true,
      result: { fields: ids.map((id) => ({ id, type: 'text' })), records: [0, 1].map((row) => Object.fromEntries(ids.map((id) => [id, `r${row}${id}`]))), total: 2 },
    })
    const wideAnswer = await client.parse(raw(wide), {})
    if (!wideAnswer.outcome.ok) throw new Error('expected records')
    expect(wideAnswer.outcome.result.records[1]?.f9999).toBe('r1f9999')
    expect(seen.filter((message) => message.kind === 'columns').length).toBeLessThanOrEqual(2)
    // The page reads a transferred buffer for every one a message carries: two a message, not two a column.
    expect(transferred.filter((count) => count > 0).every((count) => count === 2)).toBe(true)
    expect(seen.flatMap((message) => (message.kind === 'columns' ? message.part.keys : []))).toEqual(ids)
  })

  it('keeps concurrent requests apart by id', async () => {
    const client = createLiveWorkerClient(() => inProcessWorker())
    const [lists, refused] = await Promise.all([client.search(spec('/lists'), {}), client.search(spec('/refused'), {})])
    expect(lists.outcome.ok && lists.outcome.result.records).toHaveLength(ROWS)
    expect(refused.status).toBe(409)
    expect(refused.outcome).toMatchObject({ ok: false, error: { kind: 'validation', paramErrors: { records_format: ['Unexpected'] } } })
  })

  it('rebuilds a transport failure as the TransportError the page would have seen', async () => {
    const client = createLiveWorkerClient(() => inProcessWorker())
    const refusedPort = (() => {
      const url = new URL(origin)
      url.port = '9'
      return url.origin
    })()
    const failure = await failureOf(client.search({ method: 'GET', url: `${refusedPort}/nothing`, headers: [] }, {}))
    expect(failure).toBeInstanceOf(TransportError)
    expect(failure).toMatchObject({ kind: 'network', details: { phase: 'connect' } })

    const timedOut = await failureOf(client.search(spec('/never-ends'), {}, { timeoutMs: 200 }))
    expect(timedOut).toMatchObject({ kind: 'timeout', details: { phase: 'body', timeoutMs: 200 } })
  })

  it('cancels: the page stops waiting at once and the worker aborts its fetch', async () => {
    const client = createLiveWorkerClient(() => inProcessWorker())
    const controller = new AbortController()
    const running = client.search(spec('/never-ends'), {}, { signal: controller.signal })
    await new Promise((resolve) => setTimeout(resolve, 100))
    controller.abort()
    expect((await failureOf(running)).kind).toBe('aborted')
    await expect.poll(() => aborted.includes('/never-ends')).toBe(true)
  })

  it('a crashed worker fails its calls as unavailable (the page reads the answer itself) and the next call starts a new one', async () => {
    const workers: ReturnType<typeof inProcessWorker>[] = []
    const client = createLiveWorkerClient(() => {
      const worker = inProcessWorker()
      workers.push(worker)
      return worker
    })
    const running = client.search(spec('/never-ends'), {}, { timeoutMs: 5000 })
    workers[0]?.crash()
    await expect(running).rejects.toBeInstanceOf(OffThreadUnavailable)
    expect(workers[0]?.terminated).toBe(true)
    const next = await client.search(spec('/lists'), {})
    expect(next.outcome.ok).toBe(true)
    expect(workers).toHaveLength(2)
  })
})
