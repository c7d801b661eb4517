// The live grouping statement (src/query/group-sql.ts) run on real PostgreSQL against a table the
// PostgreSQL store imported, and the engine's grouping of the same records: the same groups, counts
// and measures for seeded random q, filters and groupings (values are quarters, so sums are exact in
// both). Names and values are hostile (quotes, `%`, `_`, backslashes) to hold the quoting to account.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castFilterValue, groupTable, TableBuilder, type FieldInfo, type FieldType, type GroupResult, type RecordObject } from '../../engine/index.ts'
import { groupStatement, readGroupRows } from '../../query/group-sql.ts'
import type { Grouping, GroupMeasure, GroupUnit } from '../../query/grouping.ts'
import type { FilterClause } from '../../query/types.ts'
import { SeededRandom } from '../fuzz-random.ts'
import { importFile } from './import.ts'
import { HAS_POSTGRES, startCluster, type TestCluster } from './test-support/test-cluster.ts'

const TEXTS = ["it's", 'Ana', 'ana', '50%', 'a_b', 'x\\y', '', 'Ω', 'DROP TABLE x; --', 'plain']
const FIELDS = ["name's", 'n%', 'amount', 'day', 'at'] as const

function records(count: number): RecordObject[] {
  return Array.from({ length: count }, (_, i) => ({
    "name's": TEXTS[(i * 7) % TEXTS.length] as string,
    'n%': i % 11 === 0 ? null : (i * 5) % 9,
    amount: i % 13 === 0 ? null : ((i * 37) % 83) / 4,
    day: i % 17 === 0 ? null : `202${i % 4}-0${1 + (i % 9)}-${String(1 + (i % 27)).padStart(2, '0')}`,
    at: i % 19 === 0 ? null : `2023-1${i % 3}-0${1 + (i % 9)}T${String(i % 24).padStart(2, '0')}:15:00`,
  }))
}

/** A node of EXPLAIN's JSON plan. */
type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] }

const cell = (value: unknown) => (value === null ? '' : `"${String(value).replaceAll('"', '""')}"`)

function csvOf(rows: RecordObject[]): string {
  return [FIELDS.map((name) => cell(name)).join(','), ...rows.map((row) => FIELDS.map((name) => cell(row[name])).join(','))].join('\n')
}

describe.skipIf(!HAS_POSTGRES)('the grouping statement on PostgreSQL', () => {
  let cluster: TestCluster
  let pool: Pool
  let directory: string
  let fields: FieldInfo[]
  const rows = records(600)

  beforeAll(async () => {
    cluster = await startCluster()
    pool = new Pool({ connectionString: cluster.url, max: 2 })
    directory = mkdtempSync(join(tmpdir(), 'group-sql-'))
    const file = join(directory, 'things.csv')
    writeFileSync(file, csvOf(rows))
    fields = (await importFile(pool, { schema: 'public', id: 'odd "things"', file, replace: false })).fields
  }, 120_000)

  afterAll(async () => {
    await pool?.end()
    cluster?.stop()
    if (directory) rmSync(directory, { recursive: true, force: true })
  })

  it('imports the columns with the types the statement expects', () => {
    expect(fields).toEqual([
      { id: "name's", type: 'text' },
      { id: 'n%', type: 'int4' },
      { id: 'amount', type: 'numeric' },
      { id: 'day', type: 'date' },
      { id: 'at', type: 'timestamp' },
    ])
  })

  it('has every page of the imported table all-visible at once, so a grouping can read a column\'s index alone', async () => {
    const client = await pool.connect()
    try {
      await client.query('BEGIN')
      // the plan a big table gets, where reading the index is cheaper than reading the table
      await client.query('SET LOCAL enable_seqscan = off')
      await client.query('SET LOCAL enable_bitmapscan = off')
      const { rows: explained } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF, FORMAT JSON) SELECT "name's", count(*) FROM public."odd ""things""" GROUP BY 1`)
      const scans: { type: unknown; heapFetches: unknown }[] = []
      const visit = (node: PlanNode): void => {
        if (String(node['Node Type']).endsWith('Scan')) scans.push({ type: node['Node Type'], heapFetches: node['Heap Fetches'] })
        node.Plans?.forEach(visit)
      }
      explained[0]?.['QUERY PLAN'].forEach(({ Plan }) => visit(Plan))
      // without the visibility map the import sets, each of the 600 rows would be fetched from the table
      expect(scans).toEqual([{ type: 'Index Only Scan', heapFetches: 0 }])
    } finally {
      await client.query('ROLLBACK')
      client.release()
    }
  })

  it('gives the engine\'s groups for seeded random queries and groupings', async () => {
    const builder = new TableBuilder(fields, { chunkSize: 64 })
    for (const row of rows) builder.append(row)
    const table = builder.build()
    const random = new SeededRandom(20261125)
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random.next() * items.length)] as T
    for (let run = 0; run < 120; run++) {
      const keyField = pick(['name\'s', 'n%', 'day', 'at', 'amount'])
      const unit = keyField === 'day' || keyField === 'at' ? pick<GroupUnit | undefined>([undefined, 'year', 'month', 'day']) : undefined
      const keys = [{ field: keyField, ...(unit ? { unit } : {}) }]
      if (random.next() < 0.3) keys.push({ field: pick(['name\'s', 'n%']) })
      const measure = pick<GroupMeasure>(['count', 'sum', 'mean', 'min', 'max'])
      const grouping: Grouping = { keys, measure, ...(measure === 'count' ? {} : { measureField: pick(['amount', 'n%']) }), top: pick([0, 3, 20]) }
      const q = pick(['', '', 'a', "'", '%', '_', '\\', '2021', '15:00', '.25', 'Ω'])
      // spellings PostgreSQL casts to the column's type as the engine does (` 3`, `03`, a date with a time)
      const filterField = pick(['name\'s', 'n%', 'day'] as const)
      const spellings = { "name's": ['ana', "it's", 'x\\y', '3'], 'n%': ['3', ' 3', '03', '+3'], day: ['2021-02-03', '2021-02-03T00:00:00', '20210203'] }[filterField]
      const filters: FilterClause[] = random.next() < 0.4 ? [{ field: filterField, values: [pick(spellings)] }] : []
      const sql = groupStatement('odd "things"', fields, { q, filters }, grouping, (type, text) => castFilterValue(type as FieldType, text))
      const answer = await pool.query(sql)
      const live = readGroupRows(answer.rows as Record<string, unknown>[], fields, grouping, 'odd "things"')
      const engine = groupTable(table, {
        ...(q === '' ? {} : { q }),
        ...(filters.length > 0 ? { filters: Object.fromEntries(filters.map((clause) => [clause.field, clause.values])) } : {}),
        group: grouping.keys,
        measure: grouping.measure,
        ...(grouping.measureField ? { measure_field: grouping.measureField } : {}),
        top: unit ? 0 : grouping.top,
      })
      const context = JSON.stringify({ q, filters, grouping })
      // ties at the cut may be broken by another collation: then the kept measures and the other row's size agree
      const whole = unit !== undefined || grouping.top === 0 || engine.groups <= grouping.top
      expect({ context, ...comparable(live, whole) }).toEqual({ context, ...comparable(engine, whole) })
    }
  }, 120_000)
})

const rowText = (row: { keys: unknown[]; count: number; value: number | null }) => JSON.stringify([row.keys, row.count, row.value])

/** What must agree whatever collation broke ties: every group (in one order) when none was cut. */
function comparable(result: Pick<GroupResult, 'total' | 'groups' | 'rows' | 'other'>, whole: boolean) {
  const { total, groups } = result
  if (whole) return { total, groups, rows: result.rows.map(rowText).sort(), other: result.other }
  return { total, groups, values: result.rows.map((row) => row.value), otherGroups: result.other?.groups }
}
