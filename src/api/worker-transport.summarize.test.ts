// The demo transport's summary call against the real engine, through the real worker client and
// worker host over an in-memory channel.
import { describe, expect, it } from 'vitest'
import { createDemoWorkerClient, type WorkerLike } from '../demo/worker-client.ts'
import { createWorkerHost } from '../demo/worker-host.ts'
import type { FromWorker, ToWorker } from '../demo/protocol.ts'
import { Catalog, createDatastoreHandler, TableBuilder } from '../engine/index.ts'
import { DatastoreSearchError, type ApiError } from './api-error.ts'
import { createWorkerTransport } from './worker-transport.ts'

function catalogWithFruit(): Catalog {
  const catalog = new Catalog()
  catalog.add({
    id: 'fruit',
    load: async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
      const builder = new TableBuilder([
        { id: 'name', type: 'text' },
        { id: 'kg', type: 'numeric' },
      ])
      for (const [name, kg] of [['apple', 1.5], ['pear', 2], ['apple', 3], ['plum', null]] as const) builder.append({ name, kg })
      return builder.build()
    },
  })
  return catalog
}

class InMemoryWorker extends EventTarget implements WorkerLike {
  readonly received: ToWorker[] = []
  private readonly host
  constructor(catalog: Catalog) {
    super()
    const handler = createDatastoreHandler({ catalog, basePath: '/data', tokens: [] })
    this.host = createWorkerHost({
      catalog,
      handler,
      post: (message: FromWorker) => setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: message })), 0),
    })
  }
  postMessage(message: ToWorker): void {
    this.received.push(message)
    setTimeout(() => this.host.receive(message), 0)
  }
  terminate(): void {}
}

function transportOver(worker: InMemoryWorker) {
  return createWorkerTransport(createDemoWorkerClient(() => worker))
}

async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof DatastoreSearchError) return error.apiError
    throw error
  }
  throw new Error('expected the summary to fail')
}

describe('worker transport: summarize', () => {
  it('answers the engine summary of the records matching q and filters', async () => {
    const summary = await transportOver(new InMemoryWorker(catalogWithFruit())).summarize({ resource_id: 'fruit', q: 'p', fields: ['name', 'kg'] })
    expect(summary.resource_id).toBe('fruit')
    expect(summary.total).toBe(4)
    expect(summary.fields[0]).toMatchObject({ field: 'name', count: 4, distinct: 3, top: [{ value: 'apple', count: 2 }, { value: 'pear' }, { value: 'plum' }] })
    expect(summary.fields[1]).toMatchObject({ field: 'kg', empty: 1, min: 1.5, max: 3 })
    const filtered = await transportOver(new InMemoryWorker(catalogWithFruit())).summarize({ resource_id: 'fruit', filters: { name: 'apple' } })
    expect(filtered.total).toBe(2)
  })

  it('throws a validation error naming the field, and not-found for an unknown resource', async () => {
    const transport = transportOver(new InMemoryWorker(catalogWithFruit()))
    const invalid = await apiErrorOf(transport.summarize({ resource_id: 'fruit', filters: { colour: 'red' } }))
    expect(invalid).toMatchObject({ kind: 'validation', status: 409, paramErrors: { filters: ['Unknown field "colour"'] } })
    expect(await apiErrorOf(transport.summarize({ resource_id: 'vegetables' }))).toMatchObject({ kind: 'not-found', status: 404 })
  })

  it('lets a search sent meanwhile answer between the fields of a summary', async () => {
    const client = createDemoWorkerClient(() => new InMemoryWorker(catalogWithFruit()))
    const transport = createWorkerTransport(client)
    const order: string[] = []
    const summary = transport.summarize({ resource_id: 'fruit' }).then(() => order.push('summary'))
    const search = client
      .request({ method: 'POST', url: 'http://demo.invalid/data/api/action/datastore_search', headers: [['content-type', 'application/json']], body: '{"resource_id":"fruit","limit":1}' })
      .then((reply) => order.push(`search ${reply.status}`))
    await Promise.all([summary, search])
    expect(order).toEqual(['search 200', 'summary'])
  })

  it('cancels: the worker is told, and the call rejects as aborted', async () => {
    const worker = new InMemoryWorker(catalogWithFruit())
    const controller = new AbortController()
    const running = transportOver(worker).summarize({ resource_id: 'fruit' }, controller.signal)
    controller.abort()
    expect(await apiErrorOf(running)).toMatchObject({ kind: 'aborted' })
    expect(worker.received.map((message) => message.kind)).toEqual(['summarize', 'cancel'])
    const already = await apiErrorOf(transportOver(worker).summarize({ resource_id: 'fruit' }, controller.signal))
    expect(already.kind).toBe('aborted')
  })
})

describe('worker transport: summarizeRecords', () => {
  it('summarises records on hand in the worker with the engine, and says why when it cannot', async () => {
    const transport = transportOver(new InMemoryWorker(new Catalog()))
    const summary = await transport.summarizeRecords([{ id: 'name', type: 'text' }], [{ name: 'a' }, { name: 'b' }, { name: 'a' }, { name: null }])
    expect(summary.total).toBe(4)
    expect(summary.fields[0]).toMatchObject({ field: 'name', distinct: 2, empty: 1, top: [{ text: 'a', count: 2 }, { text: 'b', count: 1 }] })
    const failure = await apiErrorOf(transport.summarizeRecords([{ id: 'n', type: 'int4' }], [{ n: 'not a number' }]))
    expect(failure.kind).toBe('demo-engine')
  })
})

describe('worker transport: group', () => {
  it('answers the engine grouping of the matching records, its errors, and cancels', async () => {
    const transport = transportOver(new InMemoryWorker(catalogWithFruit()))
    const grouped = await transport.group({ resource_id: 'fruit', q: 'p', group: [{ field: 'name' }], measure: 'sum', measure_field: 'kg' })
    expect(grouped).toMatchObject({ total: 4, groups: 3, rows: [{ keys: ['apple'], count: 2, value: 4.5 }, { keys: ['pear'], count: 1, value: 2 }, { keys: ['plum'], count: 1, value: null }] })
    const invalid = await apiErrorOf(transport.group({ resource_id: 'fruit', group: [{ field: 'colour' }] }))
    expect(invalid).toMatchObject({ kind: 'validation', status: 409, paramErrors: { group: ['Unknown field "colour"'] } })

    const worker = new InMemoryWorker(catalogWithFruit())
    const controller = new AbortController()
    const running = transportOver(worker).group({ resource_id: 'fruit', group: [{ field: 'name' }] }, controller.signal)
    controller.abort()
    expect(await apiErrorOf(running)).toMatchObject({ kind: 'aborted' })
    expect(worker.received.map((message) => message.kind)).toEqual(['group', 'cancel'])
  })

  it('groups records on hand in the worker', async () => {
    const transport = transportOver(new InMemoryWorker(new Catalog()))
    const grouped = await transport.groupRecords([{ id: 'name', type: 'text' }], [{ name: 'a' }, { name: 'b' }, { name: 'a' }], { group: [{ field: 'name' }] })
    expect(grouped.rows).toEqual([{ keys: ['a'], count: 2, value: 2 }, { keys: ['b'], count: 1, value: 1 }])
  })
})
