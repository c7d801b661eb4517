// The WebAssembly scan kernel on its own (against a per-record `includes`), and how the table falls
// back to JS strings: per chunk for text with lone surrogates, per needle for needles the kernel
// cannot take, and for the whole table when asked to (as where WebAssembly SIMD is missing).

import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { lowerTextOf } from '../lower-text.ts'
import { asStoredTable, TableBuilder } from '../table.ts'
import { sweepRecords } from '../text-search.ts'
import type { FieldInfo } from '../types.ts'
import { byteNeedle, ChunkBytes, MAX_NEEDLE_BYTES, OUT_CAPACITY, scanKernel } from './scan-memory.ts'

const SEPARATOR = '\x01'
const evenly = (): number => 1
/** 'z' rarest, then 'q', the rest common. */
const frequency = (byte: number): number => (byte === 'z'.charCodeAt(0) ? 1 : byte === 'q'.charCodeAt(0) ? 2 : 100)

/** A chunk's lowercase text and its record starts, laid out as table.ts does. */
function chunkText(records: string[][]): { lower: string; lowerStarts: Int32Array } {
  const lowerStarts = new Int32Array(records.length + 1)
  for (let r = 0; r < records.length; r++) lowerStarts[r + 1] = (lowerStarts[r] as number) + (records[r] as string[]).join(SEPARATOR).length + 1
  return { lower: records.map((fields) => fields.join(SEPARATOR)).join(SEPARATOR), lowerStarts }
}

function expectedRecords(records: string[][], needle: string, first: number, end: number): number[] {
  const matching: number[] = []
  for (let r = first; r < end; r++) if ((records[r] as string[]).some((field) => field.includes(needle))) matching.push(r)
  return matching
}

/** All matches of [first, end), asking the kernel `cap` records at a time. */
function kernelRecords(records: string[][], needle: string, first: number, end: number, cap: number): number[] {
  const { lower, lowerStarts } = chunkText(records)
  const chunk = ChunkBytes.fromLowercase(lower, lowerStarts, records.length)
  const prepared = byteNeedle(needle, evenly)
  if (chunk === null || prepared === null) throw new Error('test data must be well-formed')
  const matching: number[] = []
  let from = first
  for (;;) {
    const found = Array.from(chunk.match(from, end, prepared, cap))
    matching.push(...found)
    if (found.length < cap) return matching
    from = (found[found.length - 1] as number) + 1
  }
}

function builtTable(fields: FieldInfo[], texts: string[][], wasmScan = true) {
  const builder = new TableBuilder(fields, { chunkSize: 4, blockSize: 2, wasmScan })
  for (const record of texts) builder.append(Object.fromEntries(fields.map((field, i) => [field.id, record[i] ?? null])))
  return asStoredTable(builder.build())
}

function sweep(table: ReturnType<typeof builtTable>, needle: string): number[] {
  const found: number[] = []
  sweepRecords(table, needle, (record) => {
    found.push(record)
    return true
  })
  return found
}

/** For each chunk, whether its lowercase text is bytes in WebAssembly memory. */
const byteChunks = (table: ReturnType<typeof builtTable>): boolean[] => table.chunks.map((chunk) => lowerTextOf(table, chunk).bytes !== undefined)

describe('the WebAssembly scan kernel', () => {
  it('is available in Node (WebAssembly SIMD)', () => {
    expect(scanKernel()).not.toBeNull()
  })

  it('finds exactly the records containing the needle, across 64-byte blocks, batches and ranges', () => {
    // letters that make needles both common and absent, long fields to cross block boundaries
    const field = fc.array(fc.constantFrom('a', 'b', 'c', 'é', '😀', ' '), { maxLength: 90 }).map((chars) => chars.join(''))
    const records = fc.array(fc.array(field, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 30 })
    fc.assert(
      fc.property(
        records,
        fc.array(fc.constantFrom('a', 'b', 'c', 'é', '😀'), { minLength: 1, maxLength: 5 }).map((chars) => chars.join('')),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 7 }),
        (chunkRecords, needle, a, b, cap) => {
          const first = a % chunkRecords.length
          const end = first + (b % (chunkRecords.length - first + 1))
          expect(kernelRecords(chunkRecords, needle, first, end, cap)).toEqual(expectedRecords(chunkRecords, needle, first, end))
        },
      ),
      { numRuns: 400 },
    )
  })

  it('keeps exactly the listed records that contain the needle, in list order', () => {
    const field = fc.array(fc.constantFrom('a', 'b', 'é', '😀', ' '), { maxLength: 90 }).map((chars) => chars.join(''))
    const records = fc.array(fc.array(field, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 30 })
    fc.assert(
      fc.property(
        records,
        fc.array(fc.constantFrom('a', 'b', 'é', '😀'), { minLength: 1, maxLength: 4 }).map((chars) => chars.join('')),
        fc.array(fc.nat(), { maxLength: 40 }),
        (chunkRecords, needle, picks) => {
          const { lower, lowerStarts } = chunkText(chunkRecords)
          const chunk = ChunkBytes.fromLowercase(lower, lowerStarts, chunkRecords.length)
          const prepared = byteNeedle(needle, evenly)
          if (chunk === null || prepared === null) throw new Error('test data must be well-formed')
          const listed = picks.map((pick) => pick % chunkRecords.length)
          const locals = Int32Array.from(listed)
          const kept = chunk.keepMatching(locals, locals.length, prepared)
          const expected = listed.filter((r) => (chunkRecords[r] as string[]).some((text) => text.includes(needle)))
          expect(Array.from(locals.subarray(0, kept))).toEqual(expected)
        },
      ),
      { numRuns: 400 },
    )
  })

  it('checks a list longer than its scratch space in several calls', () => {
    const records = Array.from({ length: 100 }, (_, r) => [r % 7 === 0 ? `x${r}grain` : `grai${r}n`])
    const { lower, lowerStarts } = chunkText(records)
    const chunk = ChunkBytes.fromLowercase(lower, lowerStarts, records.length)
    const prepared = byteNeedle('grain', evenly)
    if (chunk === null || prepared === null) throw new Error('test data must be well-formed')
    const listed = Array.from({ length: OUT_CAPACITY * 2 + 5 }, (_, i) => i % 100)
    const locals = Int32Array.from(listed)
    const kept = chunk.keepMatching(locals, locals.length, prepared)
    expect(Array.from(locals.subarray(0, kept))).toEqual(listed.filter((r) => r % 7 === 0))
  })

  it('never matches across a field or record boundary, nor past the range end', () => {
    const records = [['gra', 'in'], ['xgrain'], ['gr'], ['ain']]
    expect(kernelRecords(records, 'grain', 0, 4, 10)).toEqual([1])
    expect(kernelRecords(records, 'grain', 0, 1, 10)).toEqual([])
    expect(kernelRecords(records, 'ain', 2, 4, 10)).toEqual([3])
  })

  it('reports each matching record once however many hits it has', () => {
    const records = Array.from({ length: 50 }, (_, r) => [r % 3 === 0 ? 'aa'.repeat(100) : 'b'.repeat(r)])
    expect(kernelRecords(records, 'a', 0, 50, OUT_CAPACITY)).toEqual(expectedRecords(records, 'a', 0, 50))
  })

  it('filters on the needle\'s rarest bytes by the frequencies it is given', () => {
    expect(byteNeedle('aqaz', frequency)).toMatchObject({ rarest: 3, secondRarest: 1 })
    expect(byteNeedle('x', frequency)).toMatchObject({ rarest: 0, secondRarest: 0 })
    // non-ASCII bytes count as rare
    expect(byteNeedle('aé', frequency)?.rarest).toBe(1)
  })

  it('lowercases ASCII text in place exactly as toLowerCase does, and leaves other text to fromLowercase', () => {
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).join('').repeat(3)
    const chunk = ChunkBytes.fromAsciiText(ascii, Int32Array.of(0, ascii.length + 1), 1)!
    const begin = chunk.recordStart(0)
    expect(new TextDecoder().decode(chunk.bytes().subarray(begin, begin + ascii.length))).toBe(ascii.toLowerCase())
    expect(ChunkBytes.fromAsciiText('Zürich', Int32Array.of(0, 7), 1)).toBeNull()
  })

  it('leaves needles it cannot search for to the caller', () => {
    expect(byteNeedle('a\ud800', evenly)).toBeNull()
    expect(byteNeedle('x'.repeat(MAX_NEEDLE_BYTES + 1), evenly)).toBeNull()
    expect(byteNeedle('', evenly)).toBeNull()
  })
})

describe('tables on the WebAssembly kernel and their fallbacks', () => {
  const fields: FieldInfo[] = [{ id: 'name', type: 'text' }, { id: 'city', type: 'text' }]
  const texts = [['Grain', 'Zürich'], ['STRASSE', 'İzmir'], ['rain 😀', 'x'], ['grain', null], ['oats', 'Straße'], ['gra', 'in']] as string[][]

  it('keeps lowercase text as bytes, or as JS strings when told not to', () => {
    expect(byteChunks(builtTable(fields, texts))).toEqual([true, true])
    expect(byteChunks(builtTable(fields, texts, false))).toEqual([false, false])
  })

  it('finds the same records on both paths, with non-ASCII and length-changing lowercase', () => {
    for (const needle of ['grain', 'rain', 'zürich', 'i̇zmir', 'straße', 'strasse', '😀', 'n 😀', 'in', 'gra', 'absent']) {
      expect(sweep(builtTable(fields, texts), needle)).toEqual(sweep(builtTable(fields, texts, false), needle))
    }
    expect(sweep(builtTable(fields, texts), 'i̇zmir')).toEqual([1])
    expect(sweep(builtTable(fields, texts), 'rain')).toEqual([0, 2, 3])
  })

  it('keeps a chunk with a lone surrogate as a JS string, and still finds its records', () => {
    const withLone = [['ab', 'c'], ['x\udc00', 'y'], ['abc', 'd'], ['e', 'f'], ['abx', 'z']]
    const table = builtTable(fields, withLone)
    expect(byteChunks(table)).toEqual([false, true])
    expect(sweep(table, 'ab')).toEqual([0, 2, 4])
    expect(sweep(table, '\udc00')).toEqual([1])
  })

  it('answers a needle with half a surrogate pair as String.includes does', () => {
    const table = builtTable(fields, texts)
    expect(sweep(table, '\ud83d')).toEqual([2])
    expect(sweep(table, '\ude00')).toEqual([2])
    // long enough for the trigram skip index, whose byte trigrams cannot speak for it
    expect(sweep(table, 'n \ud83d')).toEqual([2])
  })

  it('answers a needle longer than the kernel takes', () => {
    const long = 'q'.repeat(MAX_NEEDLE_BYTES + 10)
    const table = builtTable(fields, [['a', 'b'], [`x${long}`, 'y'], ['c', long.slice(1)]])
    expect(sweep(table, long)).toEqual([1])
  })
})
