// A whole table's summary asked before a column's index is built (counted by column-counts.ts) must be
// the summary the index gives: the same table summarised again once its index is built is compared.
import { describe, expect, it } from 'vitest'
import { countedTextsSteps, uniqueColumnTopSteps } from './column-counts.ts'
import { compareStoredTexts } from './sort-ranks.ts'
import { runToEnd } from './steps.ts'
import { summarizeTable, type SummaryOptions } from './summary.ts'
import { asStoredTable, TableBuilder, type StoredTable } from './table.ts'
import type { TableSummary } from './summary-types.ts'
import { fingerprintOf } from './text-fingerprint.ts'

function tableOf(texts: readonly (string | null)[], options: { chunkSize?: number; unique?: boolean } = {}): StoredTable {
  const builder = new TableBuilder([{ id: 't', type: 'text' }], { chunkSize: options.chunkSize ?? 700, ...(options.unique === true ? { uniqueColumns: ['t'] } : {}) })
  for (const t of texts) builder.append({ t })
  return asStoredTable(builder.build())
}

/** The same one-column table written as ASCII bytes (a loader that has the bytes at hand, as the demo's generated data). */
function writtenTableOf(texts: readonly (string | null)[], chunkSize: number): StoredTable {
  const builder = new TableBuilder([{ id: 't', type: 'text' }], { chunkSize })
  const writer = builder.recordWriter()
  for (const text of texts) {
    if (text === null) writer.nul()
    else {
      writer.ascii(text)
      writer.end()
    }
    writer.endRecord()
  }
  writer.finish()
  return asStoredTable(builder.build())
}

/** The summary before the column's index is built, then the same request once it is. */
function beforeAndAfterIndex(table: StoredTable, request: SummaryOptions): [TableSummary, TableSummary] {
  expect(table.hasColumnIndex(0)).toBe(false)
  const before = summarizeTable(table, request)
  expect(table.hasColumnIndex(0)).toBe(false)
  table.columnIndex(0)
  return [before, summarizeTable(table, request)]
}

/** A small deterministic random number generator (tests only). */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0
    return state / 2 ** 32
  }
}

const WORDS = ['apple', 'Apple', 'banana', 'Banana', 'cherry', 'élan', 'elan', 'Zebra', 'zebra', 'a b', 'a-b', 'ß']

describe('a whole table summarised before its column index is built', () => {
  it('is what the index gives: repeated, distinct, empty and null cells, across chunks, any top', () => {
    for (const seed of [1, 2, 3]) {
      const next = random(seed)
      const texts = Array.from({ length: 3000 }, () => {
        const roll = next()
        if (roll < 0.05) return null
        if (roll < 0.08) return ''
        // a skewed head (a few values held many times) and a long tail of values held once or twice
        if (roll < 0.5) return `${WORDS[Math.floor(next() * WORDS.length)]} ${Math.floor(next() * 40)}`
        return `${WORDS[Math.floor(next() * WORDS.length)]}${Math.floor(next() * 5000)}`
      })
      for (const top of [0, 1, 10, 1000]) {
        const [before, after] = beforeAndAfterIndex(tableOf(texts, { chunkSize: 97 + seed }), { top })
        expect(before).toEqual(after)
      }
    }
  })

  it('is what the index gives when the loader took the fingerprints from the bytes, and what the same table from texts gives', () => {
    const next = random(7)
    const texts = Array.from({ length: 4000 }, () => {
      const roll = next()
      if (roll < 0.05) return null
      if (roll < 0.08) return ''
      // mostly distinct values of every length, so that an eager dictionary gives up and the loader takes fingerprints
      return `${'ab cd'.slice(0, Math.floor(next() * 6))}${Math.floor(next() * (roll < 0.5 ? 60 : 100_000))}`
    })
    const written = writtenTableOf(texts, 333)
    expect(written.chunks.at(-1)?.fingerprints?.[0]).toBeInstanceOf(Uint32Array)
    for (const top of [0, 5, 100]) {
      const fromTexts = summarizeTable(tableOf(texts, { chunkSize: 333 }), { top })
      const [before, after] = beforeAndAfterIndex(writtenTableOf(texts, 333), { top })
      expect(before).toEqual(after)
      expect(before).toEqual(fromTexts)
    }
  })

  it('is what the index gives when thousands of values tie at the cut', () => {
    const texts = Array.from({ length: 6000 }, (_, n) => `item ${String((n * 7919) % 6000).padStart(5, '0')}`)
    const [before, after] = beforeAndAfterIndex(tableOf(texts), { top: 12 })
    expect(before).toEqual(after)
    expect(before.fields[0]?.top.map((entry) => entry.text)).toEqual(texts.toSorted(compareStoredTexts('text')).slice(0, 12))
  })

  it('tells apart different texts whose hashes are equal', () => {
    // two texts of one 32-bit hash (found by search: a birthday collision among short texts)
    const seen = new Map<number, string>()
    let pair: [string, string] | undefined
    for (let n = 0; pair === undefined; n++) {
      const text = `v${n}`
      const hash = fingerprintOf(text, 0, text.length)
      const earlier = seen.get(hash)
      if (earlier === undefined) seen.set(hash, text)
      else pair = [earlier, text]
    }
    const [a, b] = pair
    const texts = [...Array.from({ length: 400 }, (_, n) => `other ${n}`), a, b, b, a, b, ...Array.from({ length: 300 }, (_, n) => `more ${n}`), b]
    const table = tableOf(texts, { chunkSize: 128 })
    const counted = runToEnd(countedTextsSteps(table, 0))
    expect(counted?.valueCount).toBe(400 + 2 + 300 + 1)
    const [before, after] = beforeAndAfterIndex(tableOf(texts, { chunkSize: 128 }), { top: 2 })
    expect(before).toEqual(after)
    expect(before.fields[0]?.top).toEqual([
      { value: b, text: b, count: 4 },
      { value: a, text: a, count: 2 },
    ])
  })

  it('counts a text as one value whether its records lie among ASCII texts or beside other characters', () => {
    // texts of records among ASCII texts only are hashed from their bytes, others from their characters
    const texts = Array.from({ length: 2000 }, (_, n) => {
      if (n % 500 === 7) return `naïve ${n}`
      if (n % 700 === 3) return 'Ā wide one'
      return `value ${n % 300}`
    })
    const [before, after] = beforeAndAfterIndex(tableOf(texts, { chunkSize: 1000 }), { top: 1000 })
    expect(before).toEqual(after)
    expect(before.fields[0]).toMatchObject({ distinct: 300 + 4 + 1 })
    // and whether they lie among long texts (hashed from their characters) or short ones
    const long = Array.from({ length: 1200 }, (_, n) => (n >= 300 && n < 600 && n % 2 === 0 ? `${'long text '.repeat(80)}${n % 7}` : `value ${n % 400}`))
    const [longBefore, longAfter] = beforeAndAfterIndex(tableOf(long, { chunkSize: 1000 }), { top: 100 })
    expect(longBefore).toEqual(longAfter)
    expect(longBefore.fields[0]).toMatchObject({ distinct: 400 + 7 })
    expect(before.fields[0]?.top.find((entry) => entry.text === 'value 7')?.count).toBe(5)
  })

  it('of a unique column: its first values in sort order, its null and "" cells empty', () => {
    const texts = ['b', null, 'B', 'á', '', 'a', 'A', 'c', null, 'Ab', 'ab', ...Array.from({ length: 500 }, (_, n) => `x${n}`)]
    for (const top of [0, 3, 10, 1000]) {
      const [before, after] = beforeAndAfterIndex(tableOf(texts, { unique: true, chunkSize: 5 }), { top })
      // the index counts one "" cell as empty (a unique column holds at most one)
      expect(before).toEqual(after)
      const present = texts.filter((text): text is string => text !== null && text !== '')
      expect(before.fields[0]).toMatchObject({ count: texts.length, empty: 3, distinct: present.length })
      expect(before.fields[0]?.top.map((entry) => entry.text)).toEqual(present.toSorted(compareStoredTexts('text')).slice(0, top))
    }
    // a column that is not unique, or not text, is not read this way
    expect(runToEnd(uniqueColumnTopSteps(tableOf(texts), 0, 10))).toBeUndefined()
  })

  it('finishes an index build that idle work took past half way instead (the rest costs less)', () => {
    const texts = Array.from({ length: 4000 }, (_, n) => `value ${n % 1500}`)
    for (const [share, finished] of [[0.25, false], [0.5, true]] as const) {
      const table = tableOf(texts, { chunkSize: 500 })
      const build = table.columnIndexSteps(0)
      while (table.columnIndexProgress(0) < share) build.next()
      expect(table.hasColumnIndex(0)).toBe(false)
      const summary = summarizeTable(table, { top: 5 })
      expect(table.hasColumnIndex(0)).toBe(finished)
      expect(summary).toEqual(summarizeTable(tableOf(texts, { chunkSize: 500 }), { top: 5 }))
    }
  })
})
