// Where WebAssembly is missing (or refused, as by a CSP without 'wasm-unsafe-eval'), tables search
// JS strings and give the same answers.

import { afterAll, describe, expect, it, vi } from 'vitest'

describe('without WebAssembly', () => {
  afterAll(() => {
    vi.unstubAllGlobals()
  })

  it('searches JS strings and finds the same records', async () => {
    vi.stubGlobal('WebAssembly', undefined)
    vi.resetModules()
    const { scanKernel } = await import('./scan-memory.ts')
    const { TableBuilder, asStoredTable } = await import('../table.ts')
    const { lowerTextOf } = await import('../lower-text.ts')
    const { sweepRecords } = await import('../text-search.ts')
    expect(scanKernel()).toBeNull()

    const builder = new TableBuilder([{ id: 'name', type: 'text' }], { chunkSize: 2, blockSize: 1 })
    for (const name of ['Grain', 'oats', 'GRAINS', 'Zürich grain', 'rye']) builder.append({ name })
    const table = asStoredTable(builder.build())
    const found: number[] = []
    sweepRecords(table, 'grain', (record) => {
      found.push(record)
      return true
    })
    expect(found).toEqual([0, 2, 3])
    expect(table.chunks.map((chunk) => lowerTextOf(table, chunk).bytes)).toEqual([undefined, undefined, undefined])
  })
})
