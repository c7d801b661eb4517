// Test support: read a table's records back through the engine's public HTTP handler.
import { Catalog, createDatastoreHandler, type FieldInfo, type RecordObject, type Table } from '../engine/index.ts'

export interface TableContents {
  fields: FieldInfo[]
  records: RecordObject[]
}

export async function readTable(table: Table, limit = 32_000): Promise<TableContents> {
  const catalog = new Catalog()
  catalog.add({ id: 'under-test', load: () => table })
  const handler = createDatastoreHandler({ catalog, basePath: '/t', tokens: [] })
  const response = await handler(new Request('http://test/t/api/action/datastore_search', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ resource_id: 'under-test', limit }),
  }))
  const body = (await response.json()) as { result: { fields: FieldInfo[]; records: RecordObject[] } }
  return { fields: body.result.fields.filter((field) => field.id !== '_id'), records: body.result.records }
}
