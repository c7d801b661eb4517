import { describe, expect, it } from 'vitest'
import { Catalog, createDatastoreHandler, tableCellTexts, type Table } from '../engine/index.ts'
import { buildGeneratedTableFromWorker, createChunkProducer, type FromGenerator, type GeneratorWorkerLike, type ToGenerator } from './generated-chunks.ts'
import { buildGeneratedTableFromTexts } from './generator.ts'
import { LARGE_RESOURCE_ID } from './metadata.ts'
import { registerDemoResources } from './register.ts'

/**
 * A generator worker in this thread: messages both ways are structured clones with their buffers
 * transferred (as between real workers), delivered in tasks of their own. Counts the chunks out.
 */
function workerInThisThread(options: { failAfterChunks?: number } = {}): GeneratorWorkerLike & { mostInFlight: number; sent: number } {
  const listeners: { message: ((event: MessageEvent<FromGenerator>) => void)[]; error: ((event: ErrorEvent) => void)[] } = { message: [], error: [] }
  let producer: ReturnType<typeof createChunkProducer> | undefined
  let inFlight = 0
  let terminated = false
  const fake = {
    mostInFlight: 0,
    sent: 0,
    postMessage(message: ToGenerator, transfer: Transferable[]) {
      const copy = structuredClone(message, { transfer })
      setTimeout(() => {
        if (terminated) return
        if (copy.kind === 'recycle') {
          inFlight--
          producer?.recycle(copy.buffer)
          return
        }
        producer = createChunkProducer({ count: copy.count, seed: copy.seed }, (answer, answerTransfer) => {
          if (answer.kind === 'chunk') {
            if (fake.sent === options.failAfterChunks) throw new Error('the disk is full')
            fake.sent++
            fake.mostInFlight = Math.max(fake.mostInFlight, ++inFlight)
          }
          const delivered = structuredClone(answer, { transfer: answerTransfer })
          setTimeout(() => {
            if (!terminated) for (const listener of listeners.message) listener(new MessageEvent('message', { data: delivered }))
          })
        })
        producer.run().catch((error: unknown) => {
          // after the messages posted before it, as a worker's error event comes
          const event = { message: error instanceof Error ? error.message : String(error) } as ErrorEvent
          setTimeout(() => {
            for (const listener of listeners.error) listener(event)
          })
        })
      })
    },
    addEventListener(type: 'message' | 'error', listener: ((event: MessageEvent<FromGenerator>) => void) | ((event: ErrorEvent) => void)) {
      if (type === 'message') listeners.message.push(listener as (event: MessageEvent<FromGenerator>) => void)
      else listeners.error.push(listener as (event: ErrorEvent) => void)
    },
    terminate() {
      terminated = true
    },
  }
  return fake
}

function expectSameCells(table: Table, expected: Table): void {
  expect(table.size).toBe(expected.size)
  const cells = tableCellTexts(table)
  const want = tableCellTexts(expected)
  // the first record that differs, shown on failure (one toEqual over many thousand rows prints nothing useful)
  const differing = cells.findIndex((row, record) => JSON.stringify(row) !== JSON.stringify(want[record]))
  expect(cells[differing]).toEqual(want[differing])
  expect(differing).toBe(-1)
}

describe('the generated resource written in a worker of its own', () => {
  it('builds the same table as adding its records’ texts, with progress and a partial table after each chunk', async () => {
    const options = { count: 200_000, seed: 11 }
    const worker = workerInThisThread()
    const partialSizes: number[] = []
    const reports: number[] = []
    const table = await buildGeneratedTableFromWorker({ ...options, onPartial: (partial) => partialSizes.push(partial.size), onProgress: (done) => reports.push(done) }, worker)
    expectSameCells(table, buildGeneratedTableFromTexts(options))
    expect(partialSizes).toEqual([65_536, 131_072, 196_608])
    expect(reports).toEqual([0, 65_536, 131_072, 196_608, 200_000])
    // the writer waits for written buffers to come back: it never runs far ahead of the table
    expect(worker.sent).toBe(4)
    expect(worker.mostInFlight).toBeLessThanOrEqual(3)
  })

  it('searches the table it builds as the one built in one thread (lowercase bytes, codes and the unique case numbers)', async () => {
    const options = { count: 70_000, seed: 5 }
    const built = await buildGeneratedTableFromWorker(options, workerInThisThread())
    const catalog = new Catalog()
    catalog.add({ id: 'written', title: 'written', load: () => Promise.resolve(built) })
    catalog.add({ id: 'texts', title: 'texts', load: () => Promise.resolve(buildGeneratedTableFromTexts(options)) })
    const handler = createDatastoreHandler({ catalog, basePath: '/data', tokens: [] })
    const search = async (body: object): Promise<{ total: number; records: unknown[] }> => {
      const response = await handler(new Request('http://demo.test/data/api/action/datastore_search', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }))
      return ((await response.json()) as { result: { total: number; records: unknown[] } }).result
    }
    for (const query of [{ q: 'leak', filters: { status: 'Open' } }, { filters: { case_number: 'SR-2025-0000010' } }, { q: 'peacock' }, { sort: 'street desc, cost' }]) {
      const [written, texts] = await Promise.all(['written', 'texts'].map((id) => search({ ...query, resource_id: id, limit: 5 })))
      expect(written?.total).toBeGreaterThan(0)
      expect([written?.total, written?.records]).toEqual([texts?.total, texts?.records])
    }
  })

  it('is built in the demo engine’s thread instead when the writer cannot start, and fails with a message when it stops midway', async () => {
    const cannotStart = new Catalog()
    registerDemoResources(cannotStart, { largeRecordCount: 1_000, generatorWorker: () => workerInThisThread({ failAfterChunks: 0 }) })
    expect((await cannotStart.prepare(LARGE_RESOURCE_ID)).size).toBe(1_000)

    const stopsMidway = new Catalog()
    registerDemoResources(stopsMidway, { largeRecordCount: 140_000, generatorWorker: () => workerInThisThread({ failAfterChunks: 1 }) })
    await expect(stopsMidway.prepare(LARGE_RESOURCE_ID)).rejects.toThrow(/generated records could not be written: the disk is full/)
  })
})
