import { describe, expect, it } from 'vitest'
import { buildGeneratedTable, buildGeneratedTableAsync, buildGeneratedTableFromTexts, createDictionaries, generateRecords, GENERATED_FIELDS } from './generator.ts'
import { CATEGORIES, STATUS_SHARES } from './vocabulary.ts'
import { tableCellTexts, type RecordObject, type Table } from '../engine/index.ts'

function collect(options: Parameters<typeof generateRecords>[0]): RecordObject[] {
  return [...generateRecords(options)]
}

function countContaining(records: RecordObject[], needle: string): number {
  return records.filter((record) => Object.values(record).some((value) => value !== null && String(value).toLowerCase().includes(needle))).length
}

function shareOf(records: RecordObject[], field: string, value: string): number {
  return records.filter((record) => record[field] === value).length / records.length
}

describe('generated resource', () => {
  it('numbers its cases without a repeat, as the table it builds is told (its case_number index skips the search for repeats)', () => {
    const records = collect({ count: 60_000 })
    expect(new Set(records.map((record) => record.case_number)).size).toBe(records.length)
    expect(records.every((record) => typeof record.case_number === 'string')).toBe(true)
  })

  it('is deterministic: the same seed gives the same records, another seed different ones', () => {
    const first = collect({ count: 2_000, seed: 7 })
    expect(collect({ count: 2_000, seed: 7 })).toEqual(first)
    expect(collect({ count: 2_000, seed: 8 })).not.toEqual(first)
  })

  it('produces exactly the requested number of records with every field', () => {
    const records = collect({ count: 1_234 })
    expect(records).toHaveLength(1_234)
    for (const record of records) expect(Object.keys(record)).toEqual(GENERATED_FIELDS.map((field) => field.id))
  })

  it('puts each needle in exactly the requested number of records, never by chance elsewhere', () => {
    const records = collect({ count: 20_000, needles: [{ text: 'peacock', count: 3 }, { text: 'wombat', count: 5 }] })
    expect(countContaining(records, 'peacock')).toBe(3)
    expect(countContaining(records, 'wombat')).toBe(5)
    expect(countContaining(collect({ count: 20_000, needles: [] }), 'peacock')).toBe(0)
  })

  it('injects 3 "peacock" records per million by default, and at least one', () => {
    expect(countContaining(collect({ count: 5_000 }), 'peacock')).toBe(1)
  })

  it('reads like service requests: skewed categories, status shares, ~4% "leak", no "tortoise", some empty cells, years of dates', () => {
    const records = collect({ count: 30_000 })
    const categories = createDictionaries().categories
    expect(shareOf(records, 'category', categories[0] as string)).toBeGreaterThan(0.2)
    expect(shareOf(records, 'category', categories[20] as string)).toBeLessThan(0.02)
    for (const record of records) {
      const category = CATEGORIES.find((candidate) => candidate.name === record.category)
      expect(record.agency).toBe(category?.agency)
      const closed = record.status === 'Closed' || record.status === 'Cancelled'
      expect(record.closed !== null).toBe(closed)
      expect(record.days_to_close !== null).toBe(closed)
      expect(!closed || (record.closed as string) >= (record.opened as string)).toBe(true)
    }
    // Closed requests that would close after the data ends become "In Progress", so Closed is a bit lower.
    expect(Math.abs(shareOf(records, 'status', 'Open') - (STATUS_SHARES[1] as readonly [string, number])[1])).toBeLessThan(0.02)
    const leakShare = countContaining(records, 'leak') / records.length
    expect(leakShare).toBeGreaterThan(0.03)
    expect(leakShare).toBeLessThan(0.055)
    expect(countContaining(records, 'tortoise')).toBe(0)
    const emptyCosts = records.filter((record) => record.cost === null).length / records.length
    expect(emptyCosts).toBeGreaterThan(0.03)
    expect(emptyCosts).toBeLessThan(0.1)
    expect(new Set(records.map((record) => (record.opened as string).slice(0, 4)))).toEqual(new Set(['2019', '2020', '2021', '2022', '2023', '2024', '2025']))
  })

  it('builds a table of the requested size and reports progress up to the total', () => {
    const reports: Array<[number, number]> = []
    const table = buildGeneratedTable({ count: 2_500, progressEvery: 1_000, onProgress: (done, total) => reports.push([done, total]) })
    expect(table.size).toBe(2_500)
    expect(reports).toEqual([[0, 2_500], [1_000, 2_500], [2_000, 2_500], [2_500, 2_500]])
  })

  it('hands over the table built so far after each finished chunk while building asynchronously', async () => {
    const partialSizes: number[] = []
    const table = await buildGeneratedTableAsync({ count: 150_000, progressEvery: 10_000, onPartial: (partial) => partialSizes.push(partial.size) })
    expect(table.size).toBe(150_000)
    expect(partialSizes).toEqual([65_536, 131_072])
  })

  it('writes the same table as adding its records\' texts: every cell, null and needle, across chunks', async () => {
    const options = { count: 66_000, seed: 11, needles: [{ text: 'peacock', count: 3 }, { text: 'wombat', count: 2 }] }
    const expected = tableCellTexts(buildGeneratedTableFromTexts(options))
    const sameCells = (table: Table): void => {
      expect(table.size).toBe(options.count)
      const cells = tableCellTexts(table)
      // the first record that differs, shown on failure (one toEqual over 66,000 rows prints nothing useful)
      const differing = cells.findIndex((row, record) => JSON.stringify(row) !== JSON.stringify(expected[record]))
      expect(cells[differing]).toEqual(expected[differing])
      expect(differing).toBe(-1)
    }
    sameCells(buildGeneratedTable(options))
    sameCells(await buildGeneratedTableAsync(options))
  })

  it('refuses a needle it cannot write (not ASCII) with a message naming it', () => {
    expect(() => buildGeneratedTable({ count: 10, needles: [{ text: 'pfauß', count: 1 }] })).toThrow(/ASCII.*pfau/)
  })
})
