import { describe, expect, it, vi } from 'vitest'
import { compareText } from './collation.ts'
import { buildColumnIndex, buildColumnIndexSteps, codesFromTexts, ColumnCodesBuilder, COPIED_CHARS, COUNT_PER_STEP, hashOf, narrowCodesSteps, REHASH_SLICE, type ColumnIndex } from './column-index.ts'
import { executeDistinct } from './distinct.ts'
import { TOUCH_BYTES } from './fresh-memory.ts'
import { RECORDS_PER_STEP, runToEnd } from './steps.ts'
import { asStoredTable, TableBuilder } from './table.ts'

describe('codesFromTexts', () => {
  it('gives equal texts one code and every distinct text its own, in first-seen order, null as 0', () => {
    const texts = ['b', null, 'a', '', 'b', 'é', 'e\u0301', 'a', '']
    const index = codesFromTexts(texts)
    expect(index.values).toEqual(['', 'b', 'a', '', 'é', 'e\u0301'])
    expect(Array.from(index.codes)).toEqual([1, 0, 2, 3, 1, 4, 5, 2, 3])
    expect(Array.from(index.postings.subarray(index.postingStarts[1], index.postingStarts[2]))).toEqual([0, 4])
  })

  it('looks codes up by text, with the map built on demand agreeing', () => {
    // enough distinct texts to grow the hash table many times, with long shared prefixes
    const texts = Array.from({ length: 20_000 }, (_, i) => `https://example.org/a/very/long/shared/prefix/${i % 7001}`)
    const index = codesFromTexts(texts)
    expect(index.values.length - 1).toBe(7001)
    for (let i = 0; i < texts.length; i += 97) expect(index.values[index.codeFor(texts[i] as string) as number]).toBe(texts[i])
    expect(index.codeFor('https://example.org/a/very/long/shared/prefix/7001')).toBeUndefined()
    expect(index.codeFor('')).toBeUndefined()
    for (let code = 1; code < index.values.length; code += 13) expect(index.codeOf.get(index.values[code] as string)).toBe(code)
    expect(index.codeOf.size).toBe(7001)
  })
})

/** Two different texts `${prefix}${n}` of one length with the same hash (a birthday search). */
function collidingPair(prefix: string): [string, string] {
  const seen = new Map<number, string>()
  for (let n = 1_000_000; ; n++) {
    const text = `${prefix}${n}`
    const hash = hashOf(text, 0, text.length)
    const other = seen.get(hash)
    if (other !== undefined) return [other, text]
    seen.set(hash, text)
  }
}

describe('ColumnCodesBuilder repeats', () => {
  it('tells apart values of one hash, copied or past its copy budget (compared in place), and codes their repeats', () => {
    const [a, b] = collidingPair('c')
    // values of 1,000 characters between, more than the copy budget: the long pair after them is past it
    const fillers = Array.from({ length: Math.ceil(COPIED_CHARS / 1000) + 3 }, (_, n) => `${String(n).padStart(6, '0')}${'x'.repeat(994)}`)
    const [c, d] = collidingPair('u'.repeat(300))
    const texts = [a, b, ...fillers, c, d, d, c, b, a, ...fillers.slice(0, 10)]
    // one string per record, so each repeat lies in another string than the value's first occurrence
    const builder = new ColumnCodesBuilder(texts.length)
    texts.forEach((text, record) => {
      const padded = `#${text}#`
      builder.add(record, padded, 1, padded.length - 1)
    })
    const built = builder.build()
    const expected = codesFromTexts(texts)
    expect(Array.from(built.codes)).toEqual(Array.from(expected.codes))
    expect(built.valueCount).toBe(fillers.length + 5)
    for (const text of [a, b, c, d]) expect(built.codeFor(text)).toBe(expected.codeFor(text))
  })
})

describe('ColumnCodesBuilder.reserve', () => {
  it('grows the hash table a slice of codes per call, never all at once, and codes as codesFromTexts does', () => {
    // all distinct: the table doubles many times, the last times over hundreds of thousands of codes
    const texts = Array.from({ length: 5 * REHASH_SLICE }, (_, i) => `value ${(i * 7919) % (5 * REHASH_SLICE)}`)
    const builder = new ColumnCodesBuilder(texts.length)
    const slice = 8192
    let calls = 0
    let largest = 0
    let growingCalls = 0
    for (let from = 0; from < texts.length; from += slice) {
      const to = Math.min(texts.length, from + slice)
      for (;;) {
        calls++
        const ready = builder.reserve(to - from)
        largest = Math.max(largest, builder.rehashedLastCall)
        if (ready) break
        growingCalls++
      }
      for (let record = from; record < to; record++) builder.add(record, texts[record] as string, 0, (texts[record] as string).length)
    }
    const index = builder.build()
    const expected = codesFromTexts(texts)
    let differing = 0
    for (let record = 0; record < texts.length; record++) if (index.codes[record] !== expected.codes[record]) differing++
    expect(differing).toBe(0)
    expect(index.values.length).toBe(expected.values.length)
    expect(index.values.every((value, code) => value === expected.values[code])).toBe(true)
    expect(index.codeFor('value 12345')).toBe(expected.codeFor('value 12345'))
    // the largest growths (over 4 x REHASH_SLICE codes) took several calls, none moved more than a slice
    expect(largest).toBe(REHASH_SLICE)
    expect(growingCalls).toBeGreaterThanOrEqual(3)
    expect(calls).toBeGreaterThan(texts.length / slice)
  })

  it('maps a large fresh table a megabyte per call before filling it', () => {
    // 600,000 distinct values: slots of 2^21 codes (8 MB), filled at random; hashes and spans are
    // written in code order (only the part copied into a larger array is touched first)
    const count = 600_000
    const builder = new ColumnCodesBuilder(count)
    let touchingCalls = 0
    const slice = 8192
    for (let from = 0; from < count; from += slice) {
      const to = Math.min(count, from + slice)
      for (;;) {
        const ready = builder.reserve(to - from)
        if (ready) break
        if (builder.rehashedLastCall === 0) touchingCalls++
      }
      for (let record = from; record < to; record++) {
        const text = `v${record}`
        builder.add(record, text, 0, text.length)
      }
    }
    expect(builder.build().values.length).toBe(count + 1)
    // at least the last growth's megabytes, a call each (8 MB of slots)
    expect(touchingCalls).toBeGreaterThanOrEqual(8 * ((1 << 20) / TOUCH_BYTES))
  })
})

function stepCount<T>(steps: Generator<void, T, undefined>): { yields: number; value: T } {
  let yields = 0
  for (;;) {
    const step = steps.next()
    if (step.done === true) return { yields, value: step.value }
    yields++
  }
}

describe('an index made from its codes in steps', () => {
  it('counts the records a slice per step (never a million codes in one go), as buildColumnIndex does at once', () => {
    const records = 6 * COUNT_PER_STEP + 5
    const values = ['', ...Array.from({ length: 40_000 }, (_, i) => `v${i}`)]
    const codes = new Uint32Array(records)
    for (let record = 0; record < records; record++) codes[record] = record % 11 === 0 ? 0 : 1 + ((record * 7919) % (values.length - 1))
    const lookup = new Map(values.map((value, code) => [value, code] as const).slice(1))
    const { yields, value: stepped } = stepCount(buildColumnIndexSteps(codes, values, lookup))
    expect(yields).toBeGreaterThanOrEqual(6)
    const once = buildColumnIndex(codes, values, lookup)
    expect(Array.from(stepped.postingStarts)).toEqual(Array.from(once.postingStarts))
    expect(Array.from(stepped.postings)).toEqual(Array.from(once.postings))
  })

  it('keeps codes of fewer than 65,536 values in 16 bits, counted a slice per step', () => {
    const records = 3 * RECORDS_PER_STEP + 1
    const texts = Array.from({ length: records }, (_, i) => (i % 5 === 0 ? null : `street ${(i * 31) % 900}`))
    const builder = new ColumnCodesBuilder(records)
    texts.forEach((text, record) => {
      if (text !== null) builder.add(record, text, 0, text.length)
    })
    const { yields, value: index } = stepCount(builder.buildSteps())
    // the counting's slices (the codes were 16-bit from the start: nothing to narrow)
    expect(yields).toBeGreaterThanOrEqual(records / COUNT_PER_STEP - 1)
    expect(index.codes).toBeInstanceOf(Uint16Array)
    expect(Array.from(index.codes)).toEqual(Array.from(codesFromTexts(texts).codes))
    expect(index.codeFor('street 899')).toBe(codesFromTexts(texts).codeFor('street 899'))
  })

  it('widens its codes to 32 bits when a 65,536th value comes, every record keeping its value', () => {
    const texts = Array.from({ length: 80_000 }, (_, i) => (i % 11 === 0 ? null : `v${i}`))
    const index = codesFromTexts(texts)
    expect(index.valueCount).toBeGreaterThan(0x10000)
    expect(index.codes).toBeInstanceOf(Uint32Array)
    expect(texts.map((_, record) => (index.codes[record] === 0 ? null : index.valueAt(index.codes[record] as number)))).toEqual(texts)
  })

  it('copies codes already as narrow as they can be only when their buffer is over an eighth too large', () => {
    const slack = new Uint16Array(1100).subarray(0, 1000)
    expect(runToEnd(narrowCodesSteps(slack, 300))).toBe(slack)
    const doubled = new Uint16Array(2000).subarray(0, 1000)
    doubled[999] = 299
    const trimmed = runToEnd(narrowCodesSteps(doubled, 300))
    expect(trimmed).toBeInstanceOf(Uint16Array)
    expect(trimmed.buffer.byteLength).toBe(2000)
    expect(trimmed[999]).toBe(299)
  })

  it('keeps the codes of at most 255 values in 8 bits, and 255 + 1 values in 16', () => {
    for (const [distinct, kind] of [[255, Uint8Array], [256, Uint16Array]] as const) {
      const texts = Array.from({ length: 2000 }, (_, i) => (i % 7 === 0 ? null : `v${i % distinct}`))
      const index = codesFromTexts(texts)
      expect(index.valueCount).toBe(distinct + 1)
      expect(index.codes).toBeInstanceOf(kind)
      expect(texts.map((_, record) => index.valueAt(index.codes[record] as number))).toEqual(texts.map((text) => text ?? ''))
    }
  })
})

describe('a column coded while loading', () => {
  it('keeps its codes in the narrowest array of exactly one element a record, whatever the loader reserved', () => {
    const builder = new TableBuilder([{ id: 'status', type: 'text' }, { id: 'street', type: 'text' }], { chunkSize: 256 })
    builder.reserve(5000)
    const rows = Array.from({ length: 3000 }, (_, i) => ({ status: i % 9 === 0 ? null : ['Open', 'Closed', 'Pending'][i % 3], street: `${i % 300} Main Street` }))
    for (const row of rows) builder.append(row)
    const table = asStoredTable(builder.build())
    const status = table.columnIndex(0)
    expect(status.codes).toBeInstanceOf(Uint8Array)
    expect(status.codes.buffer.byteLength).toBe(rows.length)
    expect(rows.map((_, record) => (status.codes[record] === 0 ? null : status.valueAt(status.codes[record] as number)))).toEqual(rows.map((row) => row.status))
    // past the eager limit, coded after loading: 300 values in 16 bits
    const street = table.columnIndex(1)
    expect(street.codes).toBeInstanceOf(Uint16Array)
    expect(street.codes.buffer.byteLength).toBe(2 * rows.length)
  })
})

describe('a column coded after loading', () => {
  it('is sorted and made distinct without its strings being made (its values are read where they lie)', () => {
    const builder = new TableBuilder([{ id: 'street', type: 'text' }, { id: 'note', type: 'text' }], { chunkSize: 256 })
    const rows = Array.from({ length: 3000 }, (_, i) => ({ street: `${(i * 37) % 700} Main Street`, note: `Note ${(i * 11) % 1300}, ${i % 3 === 0 ? 'urgent' : 'Urgent'}` }))
    for (const row of rows) builder.append(row)
    const table = asStoredTable(builder.build())
    const made = vi.spyOn(Object.getPrototypeOf(codesFromTexts(['a'])) as ColumnIndex, 'values', 'get')
    try {
      const sort = [0, 1].map((field) => ({ field, descending: false, nullsFirst: false }))
      const { records, total } = executeDistinct(table, { terms: [], filters: [], sort, offset: 0, limit: 20, includeTotal: true }, [0, 1])
      expect(made).not.toHaveBeenCalled()
      const order = rows.map((row, id) => ({ ...row, id })).toSorted((a, b) => compareText(a.street, b.street) || compareText(a.note, b.note) || a.id - b.id)
      const seen = new Set<string>()
      const firsts = order.filter((row) => !seen.has(`${row.street}|${row.note}`) && seen.add(`${row.street}|${row.note}`) !== undefined).map((row) => row.id)
      expect(records).toEqual(firsts.slice(0, 20))
      expect(total).toBe(firsts.length)
      // the strings are made when something asks for all of them
      expect(table.columnIndex(1).values.slice(1, 3)).toEqual([rows[0]?.note, rows[1]?.note])
      expect(made).toHaveBeenCalled()
    } finally {
      made.mockRestore()
    }
  })
})
