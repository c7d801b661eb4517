// The in-memory default's SQL engine: PGlite in a worker thread, loaded from the catalog's tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Catalog, TableBuilder, type SqlRequest } from '../../engine/index.ts'
import { MESSAGES } from '../../sql/index.ts'
import { PgliteSqlStore } from './pglite-store.ts'

const table = (rows: number) => () => {
  const builder = new TableBuilder([{ id: 'name', type: 'text' }, { id: 'n', type: 'int4' }])
  for (let i = 0; i < rows; i++) builder.append({ name: `tab\there ${i}\\`, n: i })
  return builder.build()
}

function catalogOf(): Catalog {
  const catalog = new Catalog()
  catalog.add({ id: 'open-id', aliases: ['open'], load: table(5) })
  catalog.add({ id: 'closed-id', aliases: ['closed'], isPrivate: true, load: table(2) })
  return catalog
}

const asked = (sql: string, privileged = false): SqlRequest => ({ sql, readable: new Set(privileged ? ['open-id', 'closed-id'] : ['open-id']), privileged })

describe('PGlite in a worker thread', () => {
  let store: PgliteSqlStore
  const logged: string[] = []
  beforeAll(() => {
    store = new PgliteSqlStore(catalogOf(), { rowsMax: 3, statementTimeout: 3, batch: 2, log: (line) => logged.push(line) })
  })
  afterAll(async () => {
    await store.close()
  })

  it('holds the records the engine serves, by id and by alias (a view, readable as its resource)', async () => {
    expect(await store.run(asked('SELECT _id, name, n FROM "open-id" WHERE n = 4'))).toEqual({
      kind: 'answer', truncated: false, fields: [{ id: '_id', type: 'int4' }, { id: 'name', type: 'text' }, { id: 'n', type: 'int4' }], records: [{ _id: 5, name: 'tab\there 4\\', n: 4 }],
    })
    expect(await store.run(asked('SELECT count(*) FROM open'))).toMatchObject({ kind: 'answer', records: [{ count: 5 }] })
    expect(await store.run(asked('SELECT * FROM closed'))).toEqual({ kind: 'forbidden', message: MESSAGES.resourceRefused })
    expect(await store.run(asked('SELECT count(*) FROM closed', true))).toMatchObject({ kind: 'answer', records: [{ count: 2 }] })
  }, 120_000)

  it('loads a resource the first time a statement names it, and only then', () => {
    // the first test named open-id (by id, then by alias), then closed (refused, but loaded so that it is refused)
    expect(logged.map((line) => line.replace(/, in [\d.]+ s$/, ''))).toEqual([
      'SQL engine (PGlite) loaded 1 resource(s), 5 records',
      'SQL engine (PGlite) loaded 1 resource(s), 2 records',
    ])
  })

  it('stops a statement past the timeout, then answers the next one from a fresh worker, which loads what it names again', async () => {
    logged.length = 0
    expect(await store.run(asked('SELECT count(*) FROM generate_series(1, 1e10)'))).toEqual({ kind: 'invalid', message: MESSAGES.tooLong })
    expect(logged).toEqual([])
    expect(await store.run(asked('SELECT * FROM "open-id"'))).toMatchObject({ kind: 'answer', truncated: true, records: [{ _id: 1 }, { _id: 2 }, { _id: 3 }] })
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatch(/^SQL engine \(PGlite\) loaded 1 resource\(s\), 5 records, in /)
  }, 120_000)
})
