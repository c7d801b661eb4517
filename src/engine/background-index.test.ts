import { describe, expect, it } from 'vitest'
import { backgroundIndexSteps } from './background-index.ts'
import { codesFromTexts, COUNT_PER_STEP } from './column-index.ts'
import { summarizeTable } from './summary.ts'
import { asStoredTable, TableBuilder, type StoredTable } from './table.ts'
import type { FieldInfo } from './types.ts'

const FIELDS: FieldInfo[] = [
  { id: 'code', type: 'text' },
  { id: 'n', type: 'numeric' },
  { id: 'day', type: 'date' },
]

/** 1,000 records in chunks of 64: `code` has about 650 distinct values (never coded while loading), some null. */
function table(): StoredTable {
  const builder = new TableBuilder(FIELDS, { chunkSize: 64 })
  for (let i = 0; i < 1000; i++) {
    builder.append({
      code: i % 13 === 0 ? null : `c${(i * 7) % 701}`,
      n: i % 11 === 0 ? null : (i % 300) / 4,
      day: `2020-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    })
  }
  return asStoredTable(builder.build())
}

function texts(stored: StoredTable, field: number): (string | null)[] {
  return Array.from({ length: stored.size }, (_, record) => stored.fieldText(record, field))
}

describe('column indexes built in steps', () => {
  it('yields once per chunk (the index itself is made in a step of its own) and builds the same index as from the texts at once', () => {
    const stored = table()
    const steps = stored.columnIndexSteps(0)
    let yields = 0
    let step = steps.next()
    for (; step.done !== true; step = steps.next()) yields++
    expect(yields).toBe(stored.chunks.length)
    const expected = codesFromTexts(texts(stored, 0))
    expect(step.value.values).toEqual(expected.values)
    expect(Array.from(step.value.codes)).toEqual(Array.from(expected.codes))
    expect(Array.from(step.value.postings)).toEqual(Array.from(expected.postings))
    expect(stored.columnIndex(0)).toBe(step.value)
  })

  it('shares one build between callers that interleave, each taking the next chunk', () => {
    const stored = table()
    const first = stored.columnIndexSteps(0)
    const second = stored.columnIndexSteps(0)
    first.next()
    second.next()
    first.next()
    // columnIndex finishes the build the two started instead of starting over
    const index = stored.columnIndex(0)
    expect(Array.from(index.codes)).toEqual(Array.from(codesFromTexts(texts(stored, 0)).codes))
    let step = second.next()
    while (step.done !== true) step = second.next()
    expect(step.value).toBe(index)
  })

  it('makes the index of a large column in steps after coding it, one build shared by callers that interleave', () => {
    const count = 8 * COUNT_PER_STEP
    const builder = new TableBuilder([{ id: 'street', type: 'text' }], { chunkSize: 1 << 16 })
    for (let i = 0; i < count; i++) builder.append({ street: `${(i * 7919) % 5003} Main Street` })
    const stored = asStoredTable(builder.build())
    const first = stored.columnIndexSteps(0)
    const second = stored.columnIndexSteps(0)
    // 16 slices of coding (8,192 records each), then the index's own steps: the second caller shares them
    let yields = 0
    for (; yields < 18; yields++) expect(first.next().done).toBe(false)
    let step = second.next()
    for (; step.done !== true; step = second.next()) yields++
    let rest = first.next()
    for (; rest.done !== true; rest = first.next()) yields++
    expect(rest.value).toBe(step.value)
    expect(yields).toBeGreaterThanOrEqual(16 + count / COUNT_PER_STEP)
    expect(Array.from(step.value.codes)).toEqual(Array.from(codesFromTexts(texts(stored, 0)).codes))
    expect(stored.columnIndex(0)).toBe(step.value)
  })

  it('lets a summary wait a step per chunk for a column not yet indexed', () => {
    const stored = table()
    const before = summarizeTable(table(), { fields: ['code'] })
    let yields = 0
    const steps = backgroundIndexSteps(stored, { summaries: true })
    while (steps.next().done !== true) yields++
    // the lowercase copies, the skip bits, then each column's chunks
    expect(yields).toBeGreaterThan(3 * stored.chunks.length)
    const index = stored.columnIndex(0)
    expect(summarizeTable(stored, { fields: ['code'] })).toEqual(before)
    expect(stored.columnIndex(0)).toBe(index)
  })
})

describe('background index work', () => {
  it('builds column indexes only when asked to prepare summaries, and answers stay the same', () => {
    const plain = table()
    const prepared = table()
    const plainSteps = backgroundIndexSteps(plain)
    let plainYields = 0
    while (plainSteps.next().done !== true) plainYields++
    const preparedSteps = backgroundIndexSteps(prepared, { summaries: true })
    let preparedYields = 0
    while (preparedSteps.next().done !== true) preparedYields++
    expect(preparedYields).toBeGreaterThan(plainYields + plain.chunks.length)
    expect(summarizeTable(prepared, { q: 'c7' })).toEqual(summarizeTable(plain, { q: 'c7' }))
    expect(summarizeTable(prepared)).toEqual(summarizeTable(plain))
  })
})
