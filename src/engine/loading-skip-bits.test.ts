// While a table loads, the explorer asks for the same count again and again (a poll until exact):
// those searches scan the loaded chunks and leave their skip bits to the host's idle work after the load.
import { describe, expect, it } from 'vitest'
import { Catalog } from './catalog.ts'
import { datastoreSearch } from './datastore-search.ts'
import { asStoredTable, TableBuilder, type Table } from './table.ts'
import { candidateRanges } from './trigram-index.ts'

describe('searches of a table still loading', () => {
  it('build no skip bits however often they reach a chunk, and answer the same', async () => {
    const builder = new TableBuilder([{ id: 'text', type: 'text' }], { chunkSize: 256, blockSize: 8 })
    for (let i = 0; i < 600; i++) builder.append({ text: i === 300 ? 'a rare zebra' : `plain words ${i}` })
    const prefix = asStoredTable(builder.snapshot())
    let finish: ((table: Table) => void) | undefined
    const catalog = new Catalog()
    catalog.add({
      id: 'loading',
      load: (_onProgress, onPartial) => {
        onPartial?.(prefix, 600)
        return new Promise<Table>((resolve) => (finish = resolve))
      },
    })
    void catalog.prepare('loading')
    for (let poll = 0; poll < 3; poll++) {
      const { body } = await datastoreSearch(catalog, { resource_id: 'loading', q: 'zebra', limit: 0 }, { tokens: [] })
      expect(body).toMatchObject({ result: { total: 1, total_was_estimated: true } })
    }
    // no bits: the chunk is still scanned whole (a built index would narrow it to one block)
    expect(candidateRanges(prefix, prefix.chunks[1]!, 'zebra')).toBeUndefined()
    finish?.(builder.build())
  })
})
