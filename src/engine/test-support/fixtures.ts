// Small resources for the unit tests, modelled on CKAN's own datastore test fixtures.

import { Catalog } from '../catalog.ts'
import { TableBuilder, type Table } from '../table.ts'
import type { FieldInfo, RecordObject } from '../types.ts'

export function tableOf(fields: FieldInfo[], records: RecordObject[]): Table {
  const builder = new TableBuilder(fields, { chunkSize: 2, blockSize: 1 })
  for (const record of records) builder.append(record)
  return builder.build()
}

export const BOOKS_ID = 'b0a4c1d2-0000-4000-8000-000000000001'
export const PRIVATE_ID = 'p0a4c1d2-0000-4000-8000-000000000002'
export const TOKEN = 'secret-token-1'

export const books = tableOf(
  [
    { id: 'bük', type: 'text' },
    { id: 'author', type: 'text' },
    { id: 'published', type: 'timestamp' },
    { id: 'rating with %', type: 'text' },
    { id: 'nested', type: 'json' },
  ],
  [
    { bük: 'annakarenina', author: 'tolstoy', published: '2005-03-01T00:00:00', 'rating with %': '60%', nested: ['b', { moo: 'moo' }] },
    { bük: 'warandpeace', author: 'tolstoy', published: null, 'rating with %': '99%', nested: { a: 'b' } },
  ],
)

export const courses = tableOf(
  [
    { id: 'subject', type: 'text' },
    { id: 'stage', type: 'text' },
    { id: 'code', type: 'text' },
    { id: 'seats', type: 'int4' },
    { id: 'fee', type: 'numeric' },
    { id: 'online', type: 'bool' },
    { id: 'starts', type: 'date' },
  ],
  [
    { subject: 'Biology', stage: 'active', code: '25', seats: 30, fee: 10.5, online: true, starts: '2024-09-01' },
    { subject: 'biology', stage: 'closed', code: '37', seats: 9, fee: null, online: false, starts: '2023-01-15' },
    { subject: 'Économie', stage: 'active', code: 'E1', seats: 10, fee: 99, online: null, starts: null },
    { subject: 'cherry', stage: 'draft', code: '25', seats: null, fee: 0.25, online: true, starts: '2024-09-01' },
    { subject: 'Straße', stage: 'Active', code: '', seats: 100, fee: 5, online: false, starts: '2022-02-02' },
    { subject: 'apple', stage: 'active', code: 'x', seats: 2, fee: 7, online: true, starts: '2021-12-31' },
  ],
)

export function catalogWith(): Catalog {
  const catalog = new Catalog()
  catalog.add({ id: BOOKS_ID, aliases: ['books3'], title: 'Books', load: () => books })
  catalog.add({ id: 'courses', load: () => courses })
  catalog.add({ id: PRIVATE_ID, aliases: ['secret'], isPrivate: true, load: () => books })
  return catalog
}
