// Big demo answers read in the demo worker: through the real worker client and host, with messages
// structured-cloned and buffers transferred as postMessage does, the page receives the same parsed
// answer the one parser makes of the engine's HTTP answer, without the answer's text ever crossing.
import { describe, expect, it } from 'vitest'
import type { FromWorker, ToWorker } from '../demo/protocol.ts'
import { createDemoWorkerClient, type WorkerLike } from '../demo/worker-client.ts'
import { createWorkerHost } from '../demo/worker-host.ts'
import { Catalog, createDatastoreHandler, TableBuilder } from '../engine/index.ts'
import type { HttpRequestSpec } from '../query/request-builder.ts'
import { readDemoAnswer } from './demo-answer-reader.ts'
import { parseResponse, type ParseOutcome } from './parse-response.ts'
import { plainRecords } from './record-columns.ts'
import { failureOf } from './test-support/failure-of.ts'
import { createWorkerTransport } from './worker-transport.ts'

const ROWS = 3000

function catalog(): Catalog {
  const result = new Catalog()
  result.add({
    id: 'parts',
    load: async () => {
      const builder = new TableBuilder([
        { id: 'name', type: 'text' },
        { id: 'kg', type: 'numeric' },
        { id: 'ok', type: 'bool' },
        { id: 'tags', type: 'json' },
      ])
      for (let row = 0; row < ROWS; row++) {
        builder.append({ name: row % 7 === 0 ? null : `part ${row} "quoted" \u00e9`, kg: row % 5 === 0 ? null : row / 4, ok: row % 2 === 0, tags: row % 3 === 0 ? ['a', `b${row}`] : null })
      }
      return builder.build()
    },
  })
  return result
}

class ClonedWorker extends EventTarget implements WorkerLike {
  readonly crossed: FromWorker['kind'][] = []
  private readonly host
  constructor() {
    super()
    const parts = catalog()
    this.host = createWorkerHost({
      catalog: parts,
      handler: createDatastoreHandler({ catalog: parts, basePath: '/data', tokens: [] }),
      readAnswer: readDemoAnswer,
      post: (message, transfer = []) => {
        this.crossed.push(message.kind)
        const data = structuredClone(message, { transfer })
        setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data })), 0)
      },
    })
  }
  postMessage(message: ToWorker): void {
    const data = structuredClone(message)
    setTimeout(() => this.host.receive(data), 0)
  }
  terminate(): void {}
}

const search = (body: object): HttpRequestSpec => ({
  method: 'POST',
  url: 'http://demo.invalid/data/api/action/datastore_search',
  headers: [['Content-Type', 'application/json']],
  body: JSON.stringify(body),
})

/** What the page made of the answer before: the engine's text parsed on the page. */
async function parsedOnPage(spec: HttpRequestSpec, token?: string): Promise<ParseOutcome> {
  const raw = await createWorkerTransport(createDemoWorkerClient(() => new ClonedWorker())).send(spec, {})
  return parseResponse(raw, { token, requestedLimit: 5000 })
}

function plain(outcome: ParseOutcome): unknown {
  return outcome.ok ? { ...outcome.result, records: plainRecords(outcome.result.records) } : outcome
}

describe('big demo answers parsed in the demo worker', () => {
  it('hands the page the parser’s answer, records as columns, and never the answer’s text', async () => {
    const spec = search({ resource_id: 'parts', limit: 5000 })
    const worker = new ClonedWorker()
    const answer = await createWorkerTransport(createDemoWorkerClient(() => worker)).search(spec, { requestedLimit: 5000 })
    expect(answer.status).toBe(200)
    expect(answer.outcome.ok && answer.outcome.result.records).toHaveLength(ROWS)
    expect(plain(answer.outcome)).toEqual(plain(await parsedOnPage(spec)))
    // the columns (_id and the four fields) packed in one part, then the rest; no 'response' with the JSON text
    expect(worker.crossed).toEqual(['part', 'read'])
    const records = answer.outcome.ok ? answer.outcome.result.records : []
    expect(records[0]).toEqual({ _id: 1, name: null, kg: null, ok: true, tags: ['a', 'b0'] })
    expect(records[1]).toEqual({ _id: 2, name: 'part 1 "quoted" \u00e9', kg: 0.25, ok: false, tags: null })
  })

  it('hands a failed answer over as the parser describes it, with its status', async () => {
    const spec = search({ resource_id: 'parts', limit: 5000, filters: { nope: 1 } })
    const answer = await createWorkerTransport(createDemoWorkerClient(() => new ClonedWorker())).search(spec, { requestedLimit: 5000 })
    expect(answer.status).toBe(409)
    expect(answer.outcome).toEqual(await parsedOnPage(spec))
    expect(answer.outcome.ok).toBe(false)
  })

  it('reports a cancel as a cancel', async () => {
    const controller = new AbortController()
    const running = createWorkerTransport(createDemoWorkerClient(() => new ClonedWorker())).search(search({ resource_id: 'parts', limit: 5000 }), {}, { signal: controller.signal })
    controller.abort()
    expect((await failureOf(running)).kind).toBe('aborted')
  })
})
