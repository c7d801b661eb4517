// Differential test: the same generated SQL (projections, WHERE, GROUP BY, ORDER BY, joins of two
// resources, aggregates, window functions, expressions, and errors) on the in-memory default's
// PGlite (the server's own worker, loaded from the engine's tables) and on the PostgreSQL store over
// the same files must give identical outcomes: fields, types, records, truncation, messages.
// Replay: SQL_DIFF_SEED=<seed> npx vitest run src/server/sql/differential.test.ts
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Catalog, type SqlOutcome, type SqlRequest, type SqlStore } from '../../engine/index.ts'
import { createServerCatalog } from '../catalog-setup.ts'
import { requestSeed, SeededRandom } from '../fuzz-random.ts'
import { importFile } from '../postgres/import.ts'
import { openPostgresSql } from '../postgres/sql-store.ts'
import { createPool } from '../postgres/store.ts'
import { HAS_POSTGRES, startCluster, type TestCluster } from '../postgres/test-support/test-cluster.ts'
import { PgliteSqlStore } from './pglite-store.ts'

const STATEMENTS = Number(process.env.SQL_DIFF_STATEMENTS ?? 240)
const SEED = process.env.SQL_DIFF_SEED === undefined ? Math.floor(Math.random() * 2 ** 32) : Number(process.env.SQL_DIFF_SEED) >>> 0
const ROWS_MAX = 50

const CUSTOMERS = ['Ana', 'ana', 'Bo_b', "O'Neil", 'Ω mega', 'Zoë', 'x\\y', 'DROP TABLE x; --']
const REGIONS = ['north', 'south', 'East', '']

const quote = (text: string): string => `"${text.replaceAll('"', '""')}"`
const request = (sql: string): SqlRequest => ({ sql, readable: new Set(['orders', 'customers']), privileged: false })

function ordersCsv(): string {
  const lines = ['customer,amount,qty,placed,at,paid,note']
  for (let i = 0; i < 300; i++) {
    lines.push([
      i % 13 === 0 ? '' : quote(CUSTOMERS[i % CUSTOMERS.length] as string),
      i % 11 === 0 ? '' : ((i * 37) % 1000 / 4).toFixed(2),
      i % 7 === 0 ? '' : String((i * 17) % 23 - 5),
      i % 9 === 0 ? '' : `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      i % 10 === 0 ? '' : `2023-0${1 + (i % 9)}-1${i % 10}T${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:0${i % 10}${i % 4 === 0 ? '.25' : ''}`,
      i % 5 === 0 ? '' : i % 2 === 0 ? 'true' : 'false',
      quote(i % 6 === 0 ? '' : `note ${i % 17} ${'é'.repeat(i % 3)}${i % 8 === 0 ? '\nsecond line' : ''}`),
    ].join(','))
  }
  return `${lines.join('\n')}\n`
}

function customersCsv(): string {
  const rows = CUSTOMERS.map((name, i) => `${quote(name)},${REGIONS[i % REGIONS.length]},${2010 + i}-06-0${1 + (i % 9)}`)
  return `customer,region,since\n${rows.join('\n')}\n`
}

const NUMERIC = ['amount', 'qty']
const COLUMNS = ['customer', 'amount', 'qty', 'placed', 'at', 'paid', 'note']
const GROUPS = ['customer', 'paid', 'qty', 'placed', "date_trunc('month', placed)", 'extract(year from at)', 'length(note)', 'upper(customer)']
const EXPRESSIONS = ['amount * qty', 'round(amount, 1)', 'coalesce(customer, \'?\')', "to_char(at, 'YYYY-MM')", 'placed + 1', 'at - interval \'1 day 2 hours\'', 'at::date', 'age(at::date, placed)',
  'CASE WHEN qty > 3 THEN \'many\' ELSE \'few\' END', 'abs(qty) % 5', "split_part(note, ' ', 2)", "customer || '!'", 'amount::float8 / 3', 'qty::numeric / 7', 'NULL', "ARRAY[qty, 1]", "json_build_object('q', qty)", 'placed - date \'2024-01-01\'', 'greatest(qty, 0)', 'nullif(qty, 0)']

function condition(random: SeededRandom): string {
  switch (random.int(7)) {
    case 0: return `qty ${random.pick(['<', '>', '=', '<=', '<>'])} ${random.int(20) - 5}`
    case 1: return `customer = '${(random.pick(CUSTOMERS) as string).replaceAll("'", "''")}'`
    case 2: return `${random.pick(COLUMNS)} IS ${random.chance(0.5) ? '' : 'NOT '}NULL`
    case 3: return `amount BETWEEN ${random.int(100)} AND ${100 + random.int(150)}`
    case 4: return `placed >= '2024-0${1 + random.int(9)}-01'`
    case 5: return `note ILIKE '%${random.int(17)}%'`
    default: return `paid AND qty > ${random.int(10)}`
  }
}

function statement(random: SeededRandom): string {
  const where = random.chance(0.6) ? ` WHERE ${condition(random)}${random.chance(0.3) ? ` ${random.pick(['AND', 'OR'])} ${condition(random)}` : ''}` : ''
  switch (random.int(7)) {
    case 0: {
      const columns = Array.from({ length: 1 + random.int(4) }, () => random.pick([...COLUMNS, ...EXPRESSIONS]))
      return `SELECT _id, ${columns.join(', ')} FROM orders${where} ORDER BY ${random.chance(0.5) ? `${random.pick(COLUMNS)} ${random.pick(['ASC', 'DESC'])} NULLS ${random.pick(['FIRST', 'LAST'])}, ` : ''}_id${random.chance(0.3) ? ` LIMIT ${random.int(80)}` : ''}`
    }
    case 1: {
      const group = random.pick(GROUPS)
      const measure = random.pick(NUMERIC)
      return `SELECT ${group} AS g, count(*), count(${random.pick(COLUMNS)}), sum(${measure}), avg(${measure}), min(${random.pick(COLUMNS)}), max(${random.pick(COLUMNS)}) FROM orders${where} GROUP BY 1${random.chance(0.3) ? ' HAVING count(*) > 3' : ''} ORDER BY 1 NULLS FIRST`
    }
    case 2:
      return `SELECT o._id, o.customer, c.region, c.since, o.amount FROM orders o ${random.pick(['JOIN', 'LEFT JOIN'])} customers c ON c.customer = o.customer${where.replaceAll(/\b(customer|amount|qty|placed|at|paid|note)\b/g, 'o.$1')} ORDER BY o._id`
    case 3:
      return `SELECT c.region, count(o._id) AS orders, sum(o.qty) AS qty, string_agg(DISTINCT o.customer, '|' ORDER BY o.customer) AS who FROM customers c LEFT JOIN orders o ON o.customer = c.customer GROUP BY c.region ORDER BY c.region`
    case 4: {
      const partition = random.pick(['customer', 'paid', 'placed'])
      const fn = random.pick(['row_number()', 'rank()', 'dense_rank()', `sum(qty)`, 'count(*)', `lag(amount)`, `lead(customer, 2)`, 'first_value(note)', 'ntile(3)', 'cume_dist()', 'percent_rank()'])
      return `SELECT _id, ${partition}, ${fn} OVER (PARTITION BY ${partition} ORDER BY _id) AS w FROM orders${where} ORDER BY _id`
    }
    case 5: {
      const aggregates = ['count(*)', 'count(DISTINCT customer)', 'sum(amount)', 'avg(qty)', 'min(placed)', 'max(at)', 'bool_and(paid)', 'bool_or(paid)', "string_agg(customer, ',' ORDER BY _id)", 'array_agg(qty ORDER BY _id)', 'stddev_samp(amount)', 'variance(qty)', 'percentile_cont(0.5) WITHIN GROUP (ORDER BY amount)', 'mode() WITHIN GROUP (ORDER BY customer)', 'json_agg(qty ORDER BY _id)']
      return `SELECT ${Array.from({ length: 1 + random.int(4) }, () => random.pick(aggregates)).join(', ')} FROM orders${where}`
    }
    default:
      return random.pick([
        `SELECT nope FROM orders${where}`,
        `SELECT customer, count(*) FROM orders GROUP BY 1 HAVING sum(amount) > ${random.int(2000)} ORDER BY 2 DESC, 1`,
        `WITH m AS (SELECT date_trunc('month', placed) AS month, sum(amount) AS total FROM orders${where} GROUP BY 1) SELECT * FROM m ORDER BY month NULLS LAST`,
        `SELECT * FROM orders WHERE _id IN (SELECT _id FROM orders${where}) ORDER BY _id`,
        `SELECT qty / 0 FROM orders WHERE qty IS NOT NULL`,
        `VALUES (1, 'a'), (2, NULL)`,
        `TABLE customers`,
        `SELECT * FROM orders ORDER BY _id`,
      ])
  }
}

describe.skipIf(!HAS_POSTGRES)(`datastore_search_sql on PGlite and on PostgreSQL over the same files (seed ${SEED})`, () => {
  let folder: string
  let cluster: TestCluster
  let pool: Pool
  let lite: PgliteSqlStore
  let postgres: SqlStore

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'sql-diff-'))
    const files = { orders: join(folder, 'orders.csv'), customers: join(folder, 'customers.csv') }
    writeFileSync(files.orders, ordersCsv())
    writeFileSync(files.customers, customersCsv())
    const resources = Object.entries(files).map(([id, file]) => ({ id, file }))
    const options = { rowsMax: ROWS_MAX, statementTimeout: 20 }
    lite = new PgliteSqlStore(await createServerCatalog({ resources, privateIds: [] }), options)
    cluster = await startCluster()
    pool = createPool({ url: cluster.url, statementTimeout: 20 })
    for (const { id, file } of resources) await importFile(pool, { schema: 'public', id, file, replace: false })
    const catalog = new Catalog()
    for (const { id } of resources) catalog.add({ id, load: () => Promise.reject(new Error('not in memory')) })
    postgres = await openPostgresSql(pool, 'public', catalog, options)
  }, 120_000)

  afterAll(async () => {
    await lite?.close()
    await pool?.end()
    cluster?.stop()
    if (folder) rmSync(folder, { recursive: true, force: true })
  })

  it(`gives identical answers to ${STATEMENTS} generated statements`, async () => {
    const kinds = new Map<string, number>()
    const mismatches: string[] = []
    for (let index = 0; index < STATEMENTS; index++) {
      const sql = statement(new SeededRandom(requestSeed(SEED, index)))
      const [fromLite, fromPostgres]: SqlOutcome[] = [await lite.run(request(sql)), await postgres.run(request(sql))]
      kinds.set(fromLite.kind, (kinds.get(fromLite.kind) ?? 0) + 1)
      try {
        expect(fromPostgres).toEqual(fromLite)
      } catch {
        mismatches.push(`#${index} ${sql}\n  PGlite:     ${JSON.stringify(fromLite).slice(0, 600)}\n  PostgreSQL: ${JSON.stringify(fromPostgres).slice(0, 600)}`)
      }
    }
    expect(mismatches.slice(0, 5).join('\n'), `seed ${SEED}: ${mismatches.length} of ${STATEMENTS} differ`).toBe('')
    // the generator must reach real answers, not only errors
    expect(kinds.get('answer') ?? 0).toBeGreaterThan(STATEMENTS * 0.7)
  }, 300_000)
})
