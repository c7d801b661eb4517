// Differential test: the same generated SQL (projections, WHERE, GROUP BY, ORDER BY, joins of two
// resources, aggregates, window functions, expressions, and errors) over the same files must get the
// same HTTP answer, byte for byte (status, and the body: fields, types, records, truncation, messages,
// positions), from three places:
//   - the server's in-memory default: its PGlite worker thread, loaded from the engine's tables;
//   - the server's PostgreSQL store, the files imported into PostgreSQL;
//   - the demo's SQL worker (PGlite as in the browser), the files given to it as the user's own files.
// Replay: SQL_DIFF_SEED=<seed> npx vitest run src/server/sql/differential.test.ts
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PGlite } from '@electric-sql/pglite'
import { Catalog, createDatastoreHandler, type SqlStore } from '../../engine/index.ts'
import { DEMO_BASE_URL } from '../../demo/metadata.ts'
import type { FromSqlWorker } from '../../demo/sql-protocol.ts'
import { createSqlWorkerHost } from '../../demo/sql-worker-host.ts'
import type { PgliteLike } from '../../sql/index.ts'
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

/** The action's URL and request as the demo's SQL transport sends them (the server's handlers get the same). */
const SQL_URL = `${DEMO_BASE_URL}/api/3/action/datastore_search_sql`
const sqlRequest = (sql: string) => ({ method: 'POST', url: SQL_URL, headers: [['Content-Type', 'application/json']] as [string, string][], body: JSON.stringify({ sql }) })

interface Answer {
  status: number
  body: string
}

/** A server store behind the engine's handler, as `npm run api -- --sql` serves it. */
function serverAnswers(catalog: Catalog, sql: SqlStore): (text: string) => Promise<Answer> {
  const handler = createDatastoreHandler({ catalog, basePath: new URL(DEMO_BASE_URL).pathname, tokens: [], sql })
  return async (text) => {
    const { method, url, headers, body } = sqlRequest(text)
    const response = await handler(new Request(url, { method, headers, body }))
    return { status: response.status, body: await response.text() }
  }
}

/** The demo's SQL worker host with the files as the user's own, answering by request id. */
function demoAnswers(files: Record<string, string>, opened: PGlite[]): (text: string) => Promise<Answer> {
  const waiting = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>()
  const host = createSqlWorkerHost({
    openDatabase: async () => {
      const db = await PGlite.create()
      opened.push(db)
      return db as unknown as PgliteLike
    },
    rowsMax: ROWS_MAX,
    post: (message: FromSqlWorker) => {
      if (message.kind === 'progress' || message.kind === 'warmed') return
      const pending = waiting.get(message.id)
      waiting.delete(message.id)
      if (message.kind === 'response') pending?.resolve({ status: message.response.status, body: message.response.body })
      else pending?.reject(new Error(message.message))
    },
  })
  host.receive({ kind: 'files', files: Object.entries(files).map(([resourceId, text]) => ({ resourceId, file: new File([text], `${resourceId}.csv`, { type: 'text/csv' }) })) })
  let nextId = 0
  return (text) =>
    new Promise((resolve, reject) => {
      const id = ++nextId
      waiting.set(id, { resolve, reject })
      host.receive({ kind: 'request', id, request: sqlRequest(text) })
    })
}

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

describe.skipIf(!HAS_POSTGRES)(`datastore_search_sql on the server's PGlite, on PostgreSQL and in the demo's SQL worker over the same files (seed ${SEED})`, () => {
  let folder: string
  let cluster: TestCluster
  let pool: Pool
  let lite: PgliteSqlStore
  const demoDatabases: PGlite[] = []
  let parties: { name: string; answer: (text: string) => Promise<Answer> }[]

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'sql-diff-'))
    const texts = { orders: ordersCsv(), customers: customersCsv() }
    const resources = Object.entries(texts).map(([id, text]) => {
      const file = join(folder, `${id}.csv`)
      writeFileSync(file, text)
      return { id, file }
    })
    const options = { rowsMax: ROWS_MAX, statementTimeout: 20 }
    const liteCatalog = await createServerCatalog({ resources, privateIds: [] })
    lite = new PgliteSqlStore(liteCatalog, options)
    cluster = await startCluster()
    pool = createPool({ url: cluster.url, statementTimeout: 20 })
    for (const { id, file } of resources) await importFile(pool, { schema: 'public', id, file, replace: false })
    const catalog = new Catalog()
    for (const { id } of resources) catalog.add({ id, load: () => Promise.reject(new Error('not in memory')) })
    const postgres = await openPostgresSql(pool, 'public', catalog, options)
    parties = [
      { name: 'server, PGlite', answer: serverAnswers(liteCatalog, lite) },
      { name: 'server, PostgreSQL', answer: serverAnswers(catalog, postgres) },
      { name: 'demo SQL worker', answer: demoAnswers(texts, demoDatabases) },
    ]
  }, 120_000)

  afterAll(async () => {
    await lite?.close()
    for (const db of demoDatabases) await db.close()
    await pool?.end()
    cluster?.stop()
    if (folder) rmSync(folder, { recursive: true, force: true })
  })

  it(`gives identical answers to ${STATEMENTS} generated statements`, async () => {
    const statuses = new Map<number, number>()
    const mismatches: string[] = []
    for (let index = 0; index < STATEMENTS; index++) {
      const sql = statement(new SeededRandom(requestSeed(SEED, index)))
      // each party runs in a thread or process of its own (the server's PGlite worker, PostgreSQL, the
      // demo's PGlite here), so they answer side by side
      const answers = await Promise.all(parties.map((party) => party.answer(sql)))
      const [first] = answers as [Answer]
      statuses.set(first.status, (statuses.get(first.status) ?? 0) + 1)
      if (answers.some((answer) => answer.status !== first.status || answer.body !== first.body)) {
        mismatches.push(`#${index} ${sql}\n${parties.map((party, at) => `  ${party.name}: ${answers[at]?.status} ${answers[at]?.body.slice(0, 600)}`).join('\n')}`)
      }
    }
    expect(mismatches.slice(0, 5).join('\n'), `seed ${SEED}: ${mismatches.length} of ${STATEMENTS} differ`).toBe('')
    // the generator must reach real answers, not only errors
    expect(statuses.get(200) ?? 0).toBeGreaterThan(STATEMENTS * 0.7)
  }, 300_000)
})
