// Builds each contender from the same row objects and gives both one search shape.
import type { RecordObject } from '../engine/index.ts'
import { BENCH_FIELDS } from './dataset.ts'
import { createEngineBuilder, createEngineSearch } from './engine-side.ts'
import { NaiveTable } from './naive.ts'
import type { Answer, Contender, SearchParams } from './types.ts'

export type Search = (params: SearchParams) => Answer | Promise<Answer>

/** Builds the contender's store from `records`; the returned search owns everything it needs. */
export async function buildContender(contender: Contender, records: readonly RecordObject[]): Promise<Search> {
  if (contender === 'naive') {
    const table = new NaiveTable(BENCH_FIELDS.map((field) => field.id))
    for (const record of records) table.append(record)
    return (params) => table.search(params)
  }
  const builder = createEngineBuilder(BENCH_FIELDS)
  for (const record of records) builder.append(record)
  return createEngineSearch(builder.build())
}
