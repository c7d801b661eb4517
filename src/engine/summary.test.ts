import { describe, expect, it } from 'vitest'
import { summarizeRecords, summarizeTable } from './summary.ts'
import { compareStoredTexts } from './sort-ranks.ts'
import { asStoredTable, TableBuilder } from './table.ts'
import { SummaryRequestError } from './summary-request.ts'
import type { FieldSummary } from './summary-types.ts'
import { tableOf } from './test-support/fixtures.ts'
import type { FieldInfo, RecordObject } from './types.ts'

function summaryOf(fields: FieldInfo[], records: RecordObject[], request = {}): Map<string, FieldSummary> {
  const summary = summarizeTable(tableOf(fields, records), request)
  return new Map(summary.fields.map((entry) => [entry.field, entry]))
}

function field(summaries: Map<string, FieldSummary>, name: string): FieldSummary {
  const summary = summaries.get(name)
  if (!summary) throw new Error(`no summary of ${name}`)
  return summary
}

describe('summarizeTable', () => {
  it('counts null and "" as empty, and neither as a distinct value or a top value', () => {
    const s = field(summaryOf([{ id: 't', type: 'text' }], [{ t: 'a' }, { t: '' }, { t: null }, { t: 'a' }, { t: 'b' }]), 't')
    expect(s).toMatchObject({ count: 5, empty: 2, distinct: 2 })
    expect(s.top).toEqual([
      { value: 'a', text: 'a', count: 2 },
      { value: 'b', text: 'b', count: 1 },
    ])
  })

  it('orders tied top values in the field sort order (collation for text, numbers numerically) and cuts at top', () => {
    const texts = summaryOf([{ id: 't', type: 'text' }], ['cherry', 'Banana', 'apple', 'banana', 'apple'].map((t) => ({ t })), { top: 3 })
    expect(field(texts, 't').top.map((v) => v.text)).toEqual(['apple', 'banana', 'Banana'])
    const numbers = summaryOf([{ id: 'n', type: 'int4' }], [10, 9, 100, 9, 10, 2].map((n) => ({ n })), { top: 3 })
    expect(field(numbers, 'n').top.map((v) => [v.value, v.count])).toEqual([
      [9, 2],
      [10, 2],
      [2, 1],
    ])
  })

  it('summarises only the records matching q and filters, with datastore_search rules', () => {
    const fields: FieldInfo[] = [
      { id: 'kind', type: 'text' },
      { id: 'n', type: 'int4' },
    ]
    const records = [
      { kind: 'Apple pie', n: 1 },
      { kind: 'apple', n: 2 },
      { kind: 'pear', n: 3 },
      { kind: 'APPLE', n: 3 },
    ]
    const summary = summarizeTable(tableOf(fields, records), { q: 'apple', filters: { n: [3, '2'] } })
    expect(summary.total).toBe(2)
    expect(summary.fields.map((f) => f.field)).toEqual(['kind', 'n'])
    expect(summary.fields[1]).toMatchObject({ count: 2, min: 2, max: 3, mean: 2.5 })
  })

  it('chooses among thousands of tied values by the sort order, for the whole table and a few matches', () => {
    const words = Array.from({ length: 3000 }, (_, i) => `w${(i * 7919) % 3000}${i % 2 === 0 ? 'a' : 'B'}`)
    const fields: FieldInfo[] = [{ id: 't', type: 'text' }]
    const table = tableOf(fields, words.map((t) => ({ t })))
    const collated = words.toSorted(new Intl.Collator('en', { usage: 'sort', sensitivity: 'variant' }).compare)
    expect(summarizeTable(table, { top: 4 }).fields[0]?.top.map((v) => v.text)).toEqual(collated.slice(0, 4))
    const some = summarizeTable(table, { q: '1', top: 3 }).fields[0]
    expect(some?.top.map((v) => v.text)).toEqual(collated.filter((word) => word.includes('1')).slice(0, 3))
    expect(some?.distinct).toBe(words.filter((word) => word.includes('1')).length)
  })

  it('chooses among many tied texts sharing a long prefix exactly as the collator orders them', () => {
    const tails = ['a', 'B', 'b', 'é', 'E', ' ', '-', 'z9', 'Z', '\u0301', 'ab', 'a b', 'A-']
    const urls = Array.from({ length: 6000 }, (_, i) => `https://data.example.org/set/${tails[i % tails.length]}${(i * 7919) % 6000}${tails[(i >> 3) % tails.length]}`)
    const table = tableOf([{ id: 'u', type: 'text' }], urls.map((u) => ({ u })))
    const collated = urls.toSorted(new Intl.Collator('en', { usage: 'sort', sensitivity: 'variant' }).compare)
    expect(summarizeTable(table, { top: 12 }).fields[0]?.top.map((v) => v.text)).toEqual(collated.slice(0, 12))
  })

  it('reads full_text like datastore_search does', () => {
    const table = tableOf([{ id: 'kind', type: 'text' }], [{ kind: 'Apple pie' }, { kind: 'pear' }, { kind: 'apple' }])
    expect(summarizeTable(table, { full_text: 'apple' }).total).toBe(2)
  })

  it('gives min, max, mean and a histogram with nice bounds for numbers', () => {
    const values = [0.5, 3, 7.25, 12, 19.5, null]
    const s = field(summaryOf([{ id: 'x', type: 'numeric' }], values.map((x) => ({ x }))), 'x')
    expect(s).toMatchObject({ count: 6, empty: 1, distinct: 5, min: 0.5, max: 19.5, mean: (0.5 + 3 + 7.25 + 12 + 19.5) / 5 })
    const bins = s.histogram?.bins ?? []
    expect(s.histogram?.unit).toBe('number')
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(5)
    expect(bins[0]?.lower).toBe(0)
    expect(bins.at(-1)?.upper).toBe(20)
    for (const bin of bins) expect(Number.isInteger((bin.upper as number) - (bin.lower as number)) || bin.label.includes('.')).toBe(true)
    expect(bins[0]?.label).toMatch(/^0 to /)
  })

  it('puts the maximum in the closed last bin when it is a threshold', () => {
    const s = field(summaryOf([{ id: 'x', type: 'float8' }], [0, 10, 20].map((x) => ({ x })), { bins: 2 }), 'x')
    expect(s.histogram?.bins.map((bin) => [bin.lower, bin.upper, bin.count])).toEqual([
      [0, 10, 1],
      [10, 20, 2],
    ])
  })

  it('names ranges of negative numbers readably (never `-130–-120`)', () => {
    const s = field(summaryOf([{ id: 't', type: 'float8' }], [-126.5, -101, -12.25].map((t) => ({ t })), { bins: 3 }), 't')
    const labels = s.histogram?.bins.map((bin) => bin.label) ?? []
    expect(labels.length).toBeGreaterThan(1)
    for (const label of labels) expect(label).toMatch(/^-?\d+(\.\d+)? to -?\d+(\.\d+)?$/)
    expect(labels[0]).toMatch(/^-1\d0 to -/)
  })

  it('gives integer fields one bin per value when the range is small', () => {
    const s = field(summaryOf([{ id: 'n', type: 'int4' }], [1, 2, 2, 5].map((n) => ({ n }))), 'n')
    expect(s.histogram?.bins.map((bin) => [bin.label, bin.count])).toEqual([
      ['1', 1],
      ['2', 2],
      ['3', 0],
      ['4', 0],
      ['5', 1],
    ])
  })

  it('bins dates by day, month or year as the span needs, with ISO bounds', () => {
    const days = field(summaryOf([{ id: 'd', type: 'date' }], ['2021-03-14', '2021-03-16', '2021-03-14'].map((d) => ({ d }))), 'd')
    expect(days.histogram?.unit).toBe('day')
    expect(days.histogram?.bins.map((bin) => [bin.label, bin.lower, bin.upper, bin.count])).toEqual([
      ['2021-03-14', '2021-03-14', '2021-03-15', 2],
      ['2021-03-15', '2021-03-15', '2021-03-16', 0],
      ['2021-03-16', '2021-03-16', '2021-03-17', 1],
    ])
    expect(days).toMatchObject({ min: '2021-03-14', max: '2021-03-16' })

    const months = field(summaryOf([{ id: 'd', type: 'date' }], ['2021-01-31', '2021-12-01', '2022-02-10'].map((d) => ({ d }))), 'd')
    expect(months.histogram?.unit).toBe('month')
    expect(months.histogram?.bins.map((bin) => bin.label)).toEqual([
      '2021-01', '2021-02', '2021-03', '2021-04', '2021-05', '2021-06', '2021-07', '2021-08', '2021-09', '2021-10', '2021-11', '2021-12', '2022-01', '2022-02',
    ])
    expect(months.histogram?.bins[13]).toMatchObject({ lower: '2022-02-01', upper: '2022-03-01', count: 1 })

    const years = field(summaryOf([{ id: 't', type: 'timestamp' }], ['2018-05-01T10:00:00', '2023-12-31T23:59:59', null].map((t) => ({ t }))), 't')
    expect(years.histogram?.unit).toBe('year')
    expect(years.histogram?.bins.map((bin) => bin.label)).toEqual(['2018', '2019', '2020', '2021', '2022', '2023'])
    expect(years.histogram?.bins[0]).toMatchObject({ lower: '2018-01-01T00:00:00', upper: '2019-01-01T00:00:00', count: 1 })
    expect(years).toMatchObject({ min: '2018-05-01T10:00:00', max: '2023-12-31T23:59:59', empty: 1 })
  })

  it('groups years by a nice step when dates span centuries', () => {
    const s = field(summaryOf([{ id: 'd', type: 'date' }], ['1503-02-01', '1999-12-31', '2024-06-01'].map((d) => ({ d }))), 'd')
    const bins = s.histogram?.bins ?? []
    expect(s.histogram?.unit).toBe('year')
    expect(bins.length).toBeLessThanOrEqual(30)
    expect(bins[0]).toMatchObject({ lower: '1500-01-01', label: '1500–1519', count: 1 })
    expect(bins.at(-1)).toMatchObject({ upper: '2040-01-01', count: 1 })
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(3)
  })

  it('summarises an all-empty field as counts only', () => {
    const s = field(summaryOf([{ id: 'n', type: 'int4' }], [{ n: null }, { n: null }]), 'n')
    expect(s).toEqual({ field: 'n', type: 'int4', count: 2, empty: 2, distinct: 0, top: [] })
  })

  it('summarises bool and json fields by value, json "" counting as empty', () => {
    const summaries = summaryOf(
      [
        { id: 'b', type: 'bool' },
        { id: 'j', type: 'json' },
      ],
      [
        { b: true, j: { a: 1 } },
        { b: false, j: '' },
        { b: true, j: { a: 1 } },
        { b: null, j: [1, 2] },
      ],
    )
    expect(field(summaries, 'b')).toEqual({
      field: 'b',
      type: 'bool',
      count: 4,
      empty: 1,
      distinct: 2,
      top: [
        { value: true, text: 'true', count: 2 },
        { value: false, text: 'false', count: 1 },
      ],
    })
    expect(field(summaries, 'j')).toMatchObject({ empty: 1, distinct: 2, top: [{ value: { a: 1 }, text: '{"a":1}', count: 2 }, { value: [1, 2], count: 1 }] })
  })

  it('leaves _id out unless asked for, and then counts every id once', () => {
    const table = tableOf([{ id: 't', type: 'text' }], [{ t: 'a' }, { t: 'b' }, { t: 'a' }])
    expect(summarizeTable(table).fields.map((f) => f.field)).toEqual(['t'])
    const ids = summarizeTable(table, { fields: ['_id', 't'], filters: { t: 'a' }, top: 5 }).fields[0]
    expect(ids).toMatchObject({ field: '_id', count: 2, distinct: 2, min: 1, max: 3, mean: 2 })
    expect(ids?.top.map((v) => v.value)).toEqual([1, 3])
  })

  it('summarises a column the loader says is unique (kept where its values lie) as the same column coded from its text', () => {
    // thousands of values tied at one record each: the top is chosen through the primary keys, read in place
    const ids = Array.from({ length: 6000 }, (_, n) => (n % 997 === 0 ? null : `SR-${2019 + (n % 7)}-${String((n * 7919) % 100_000).padStart(7, '0')}`))
    const build = (unique: boolean) => {
      const builder = new TableBuilder([{ id: 'id', type: 'text' }], { chunkSize: 1000, ...(unique ? { uniqueColumns: ['id'] } : {}) })
      for (const id of ids) builder.append({ id })
      return builder.build()
    }
    for (const request of [{ fields: ['id'], top: 12 }, { fields: ['id'], top: 3, q: 'SR-2020' }]) {
      const unique = summarizeTable(build(true), request)
      expect(unique).toEqual(summarizeTable(build(false), request))
      expect(unique.fields[0]?.top.length).toBe(request.top)
    }
    // every count ties at 1: the top is the first values in the sort order
    const sorted = ids.filter((id): id is string => id !== null).sort(compareStoredTexts('text'))
    expect(summarizeTable(build(true), { fields: ['id'], top: 12 }).fields[0]?.top.map((entry) => entry.text)).toEqual(sorted.slice(0, 12))
  })

  it('summarises a column written from a list of values (its texts made, not read in place) as the same column coded from its text', () => {
    // thousands of values tied at one record each: the top is chosen through the primary keys of the made texts
    const list = Array.from({ length: 6000 }, (_, n) => `SR-${2019 + (n % 7)}-${String((n * 7919) % 100_000).padStart(7, '0')}`)
    const fields = [{ id: 'id', type: 'text' as const }]
    const listed = new TableBuilder(fields, { chunkSize: 1000 })
    const writer = listed.recordWriter({ id: list })
    const texts = new TableBuilder(fields, { chunkSize: 1000 })
    for (let n = 0; n < list.length; n++) {
      writer.value(n)
      writer.endRecord()
      texts.append({ id: list[n] })
    }
    writer.finish()
    const written = asStoredTable(listed.build())
    expect(written.columnIndex(0).ranges).toBeUndefined()
    const coded = texts.build()
    for (const request of [{ fields: ['id'], top: 12 }, { fields: ['id'], top: 3, q: 'SR-2020' }]) {
      expect(summarizeTable(written, request)).toEqual(summarizeTable(coded, request))
    }
  })

  it('rejects unknown fields and bad top/bins with messages keyed like a 409', () => {
    const table = tableOf([{ id: 't', type: 'text' }], [{ t: 'a' }])
    const errorOf = (request: object): unknown => {
      try {
        summarizeTable(table, request)
      } catch (error) {
        return error instanceof SummaryRequestError ? error.errors : error
      }
      return undefined
    }
    expect(errorOf({ fields: ['nope'], filters: { other: 1 } })).toEqual({ fields: ['Unknown field "nope"'], filters: ['Unknown field "other"'] })
    expect(errorOf({ top: -1, bins: 0 })).toEqual({ top: ['Must be a natural number'], bins: ['Must be a positive integer'] })
    expect(errorOf({ filters: '{' })).toEqual({ filters: ['Cannot parse JSON'] })
  })
})

describe('summarizeRecords', () => {
  it('summarises records on hand with the same rules, ignoring their _id', () => {
    const summary = summarizeRecords(
      [
        { id: '_id', type: 'int' },
        { id: 'n', type: 'int4' },
      ],
      [
        { _id: 7, n: 4 },
        { _id: 9, n: 4 },
        { _id: 12, n: null },
      ],
    )
    expect(summary.total).toBe(3)
    expect(summary.fields).toEqual([
      {
        field: 'n',
        type: 'int4',
        count: 3,
        empty: 1,
        distinct: 1,
        top: [{ value: 4, text: '4', count: 2 }],
        min: 4,
        max: 4,
        mean: 4,
        histogram: { unit: 'number', bins: [{ lower: 4, upper: 4, label: '4', count: 2 }] },
      },
    ])
  })
})
