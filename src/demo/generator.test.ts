import { describe, expect, it } from 'vitest'
import { buildGeneratedTable, createDictionaries, generateRecords, GENERATED_FIELDS, STAGE_SHARES } from './generator.ts'
import type { RecordObject } from '../engine/index.ts'

function collect(options: Parameters<typeof generateRecords>[0]): RecordObject[] {
  return [...generateRecords(options)]
}

function countContaining(records: RecordObject[], needle: string): number {
  return records.filter((record) => Object.values(record).some((value) => String(value).toLowerCase().includes(needle))).length
}

describe('generated resource', () => {
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
    const records = collect({ count: 20_000, needles: [{ text: 'quokka', count: 3 }, { text: 'wombat', count: 5 }] })
    expect(countContaining(records, 'quokka')).toBe(3)
    expect(countContaining(records, 'wombat')).toBe(5)
    expect(countContaining(collect({ count: 20_000, needles: [] }), 'quokka')).toBe(0)
  })

  it('injects 3 "quokka" records per million by default, and at least one', () => {
    expect(countContaining(collect({ count: 5_000 }), 'quokka')).toBe(1)
  })

  it('follows the anchor dataset: 200 subjects, the six stages with their shares, ~4% "grain", ~250 text bytes', () => {
    const records = collect({ count: 30_000 })
    expect(createDictionaries().subjects).toHaveLength(200)
    expect(new Set(records.map((record) => record.subject)).size).toBeLessThanOrEqual(200)
    for (const [stage, share] of STAGE_SHARES) {
      const observed = records.filter((record) => record.stage === stage).length / records.length
      expect(Math.abs(observed - share)).toBeLessThan(0.02)
    }
    const grainShare = countContaining(records, 'grain') / records.length
    expect(grainShare).toBeGreaterThan(0.03)
    expect(grainShare).toBeLessThan(0.06)
    const textBytes = records.reduce((sum, record) => sum + Object.values(record).reduce<number>((s, v) => s + String(v).length, 0), 0)
    expect(textBytes / records.length).toBeGreaterThan(230)
    expect(textBytes / records.length).toBeLessThan(290)
  })

  it('builds a table of the requested size and reports progress up to the total', () => {
    const reports: Array<[number, number]> = []
    const table = buildGeneratedTable({ count: 2_500, progressEvery: 1_000, onProgress: (done, total) => reports.push([done, total]) })
    expect(table.size).toBe(2_500)
    expect(reports).toEqual([[0, 2_500], [1_000, 2_500], [2_000, 2_500], [2_500, 2_500]])
  })
})
