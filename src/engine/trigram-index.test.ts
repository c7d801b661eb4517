// The skip index must keep every block that holds the needle, and must actually skip blocks whose
// text (letters, digits, punctuation) cannot hold it: otherwise rare needles cost a full scan.

import { describe, expect, it } from 'vitest'
import { asStoredTable, TableBuilder } from './table.ts'
import { buildSkipIndex, candidateRanges, queueSkipIndex } from './trigram-index.ts'

function urlTable(special: Map<number, string>) {
  const builder = new TableBuilder([{ id: 'url', type: 'text' }, { id: 'date', type: 'text' }], { chunkSize: 4096, blockSize: 64 })
  for (let i = 0; i < 4096; i++) {
    builder.append({ url: special.get(i) ?? `https://www.example.org/ras/t/.one/ast/${i}`, date: `20${i % 30}-0${i % 9}-1${i % 7}` })
  }
  return asStoredTable(builder.build())
}

describe('trigram skip index', () => {
  it('skips every block for an absent needle made of common letters', () => {
    const table = urlTable(new Map())
    buildSkipIndex(table, table.chunks[0]!)
    expect(candidateRanges(table, table.chunks[0]!, 'rastone')).toEqual([])
  })

  it('keeps exactly the blocks of the records that hold the needle', () => {
    const table = urlTable(new Map([[5, 'A RASTONE here'], [3000, 'xrastonex']]))
    buildSkipIndex(table, table.chunks[0]!)
    expect(candidateRanges(table, table.chunks[0]!, 'rastone')).toEqual([[0, 64], [2944, 3008]])
  })

  it('lets the first search of a chunk scan it whole (building the bits costs more than one scan), and builds them on the second', () => {
    const table = urlTable(new Map([[5, 'A RASTONE here']]))
    expect(candidateRanges(table, table.chunks[0]!, 'rastone')).toBeUndefined()
    expect(candidateRanges(table, table.chunks[0]!, 'rastone')).toEqual([[0, 64]])
  })

  it('leaves the bits to the host while it builds them in idle time: searches meanwhile scan', () => {
    const table = urlTable(new Map([[5, 'A RASTONE here']]))
    const chunk = table.chunks[0]!
    queueSkipIndex(chunk)
    expect(candidateRanges(table, chunk, 'rastone')).toBeUndefined()
    expect(candidateRanges(table, chunk, 'rastone')).toBeUndefined()
    buildSkipIndex(table, chunk)
    expect(candidateRanges(table, chunk, 'rastone')).toEqual([[0, 64]])
  })
})
