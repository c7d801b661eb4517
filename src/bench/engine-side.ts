// The engine as the bench drives it: built through its public TableBuilder and queried through its
// public `datastoreSearch` with parsed params, so validation and the envelope are part of every timing.
import { Catalog, datastoreSearch, TableBuilder, type FieldInfo, type Table } from '../engine/index.ts'
import type { Answer, SearchParams } from './types.ts'

export const BENCH_RESOURCE_ID = '0b5e1c4a-7b3e-4d7e-9a1f-be4c00000001'

export function createEngineBuilder(fields: readonly FieldInfo[]): TableBuilder {
  return new TableBuilder([...fields])
}

export type EngineSearch = (params: SearchParams) => Promise<Answer>

export async function createEngineSearch(table: Table): Promise<EngineSearch> {
  const catalog = new Catalog()
  catalog.add({ id: BENCH_RESOURCE_ID, title: 'Bench', isPrivate: false, load: () => table })
  await catalog.prepare(BENCH_RESOURCE_ID)
  return async (params) => {
    const { status, body } = await datastoreSearch(catalog, { resource_id: BENCH_RESOURCE_ID, ...params }, { tokens: [] })
    return readAnswer(status, body)
  }
}

const ID_FIELD = '_id'

function readAnswer(status: number, body: unknown): Answer {
  const result = status === 200 && isObject(body) && isObject(body.result) ? body.result : undefined
  const records = result?.records
  if (result === undefined || !Array.isArray(records)) {
    throw new Error(`The engine answered HTTP ${status} without result.records: ${JSON.stringify(body).slice(0, 300)}`)
  }
  const ids = records.map((record: unknown, index) => {
    const id = isObject(record) ? record[ID_FIELD] : undefined
    if (typeof id !== 'number') throw new Error(`Record #${index + 1} of the engine's answer has no numeric _id`)
    return id
  })
  const total = result.total
  if (total !== undefined && typeof total !== 'number') throw new Error(`The engine's result.total is not a number: ${JSON.stringify(total)}`)
  return { ids, total }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

