// The skip index must keep every block that holds the needle, and must actually skip blocks whose
// text (letters, digits, punctuation) cannot hold it: otherwise rare needles cost a full scan.

import { describe, expect, it } from 'vitest'
import { asStoredTable, TableBuilder } from './table.ts'
import { candidateRanges } from './trigram-index.ts'

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
    expect(candidateRanges(table, table.chunks[0]!, 'rastone')).toEqual([])
  })

  it('keeps exactly the blocks of the records that hold the needle', () => {
    const table = urlTable(new Map([[5, 'A RASTONE here'], [3000, 'xrastonex']]))
    expect(candidateRanges(table, table.chunks[0]!, 'rastone')).toEqual([[0, 64], [2944, 3008]])
  })
})
