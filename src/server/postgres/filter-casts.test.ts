// The engine reads a filter value for its column's type (src/engine/filter-values.ts) so that both
// stores compare typed values as CKAN does, by letting PostgreSQL cast the value. Here PostgreSQL
// itself casts the same spellings: the engine must refuse exactly what PostgreSQL refuses, and
// otherwise stand for the same value.
import { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castFilterValue, type FieldType } from '../../engine/index.ts'
import { HAS_POSTGRES, startCluster, type TestCluster } from './test-support/test-cluster.ts'

const SPELLINGS: Record<string, string[]> = {
  numbers: ['0', '0.0', '9.40', ' 6.5', '6.5 ', '+18.25', '-0.5', '.5', '5.', '1e3', '1E-2', '0304926', '007', '1,5', '1 000', '', ' ',
    'abc', '0x10', '1_000', '--1', '+-1', '1.2.3', 'NaN', 'nan', 'Infinity', '-inf', '3000000000', '-2147483648', '2147483648',
    '9223372036854775807', '9223372036854775808', '\t42\n', '٣', '0.30000000000000001', '0.30000000000000004', '9007199254740993', '-0.0', '30E-2'],
  dates: ['2012-01-01', ' 2012-01-01 ', '2012-01-01T00:00:00', '2012-01-01 12:30', '2012-01-01T23:59:59.999', '2012-1-5', '20120105',
    '2012-02-29', '2011-02-29', '2012-13-01', '2012-00-10', '2012-01-01T24:00:01', '2012-01-01T24:00:00', '2012-01-01T12:60:00', 'abc', '',
    '2012-01-01T03:04:05Z', '2012-01-01T03:04:05+02:00', '2012-01-01 03:04:05.1234567', '2012-12-31T23:59:59.9999999',
    'infinity', ' -Infinity', '+INFINITY', 'epoch', 'Epoch '],
  booleans: ['t', 'TRUE', ' yes', 'on', '1', 'tr', 'f', 'False', 'no', 'OFF', '0', 'of', 'o', 'maybe', '', 'yess', '2'],
}

const CASES: [FieldType, string, string[]][] = [
  ['int4', 'int4', SPELLINGS.numbers!],
  ['int8', 'int8', SPELLINGS.numbers!],
  ['numeric', 'numeric', SPELLINGS.numbers!],
  ['date', 'date', SPELLINGS.dates!],
  ['timestamp', 'timestamp', SPELLINGS.dates!],
  ['bool', 'boolean', SPELLINGS.booleans!],
]

/**
 * What PostgreSQL makes of the text for the type: the value in the engine's stored form, or its refusal.
 * A numeric value also says whether it is exactly the double read from it (`0.30000000000000001` is not).
 */
async function postgresCast(pool: Pool, sqlType: string, text: string): Promise<{ text: string | null; isDouble?: boolean } | { refused: string }> {
  const expression = {
    date: `to_char($1::date, 'YYYY-MM-DD')`,
    timestamp: `to_char($1::timestamp, 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
    boolean: `$1::boolean::text`,
  }[sqlType] ?? `$1::${sqlType}::text`
  const isDouble = sqlType === 'numeric' ? `, $1::numeric = $2::numeric AS "isDouble"` : ''
  try {
    const { rows } = await pool.query<{ value: string | null; isDouble?: boolean }>(`SELECT ${expression} AS value${isDouble}`, sqlType === 'numeric' ? [text, String(Number(text))] : [text])
    const row = rows[0]!
    return { text: row.value, ...(row.isDouble === undefined ? {} : { isDouble: row.isDouble }) }
  } catch (error) {
    return { refused: (error as Error).message }
  }
}

function storedForm(sqlType: string, cast: { text: string | null; isDouble?: boolean }): string | undefined {
  const { text } = cast
  if (text === null) return undefined // to_char of an infinite date: no stored cell holds it
  if (sqlType === 'boolean') return text === 'true' ? 'true' : 'false'
  if (sqlType === 'timestamp') return text.replace(/\.000000$/, '')
  if (sqlType === 'date' || sqlType === 'int4' || sqlType === 'int8') return text
  const number = Number(text)
  // NaN, infinities and values with more digits than a double keeps: no stored cell holds them
  return Number.isFinite(number) && cast.isDouble === true ? String(number) : undefined
}

describe.skipIf(!HAS_POSTGRES)('filter values read as PostgreSQL casts them', () => {
  let cluster: TestCluster
  let pool: Pool

  beforeAll(async () => {
    cluster = await startCluster()
    pool = new Pool({ connectionString: cluster.url, max: 1 })
  }, 60_000)

  afterAll(async () => {
    await pool?.end()
    cluster?.stop()
  })

  it.each(CASES)('%s: the engine refuses what PostgreSQL refuses and reads the rest as the same value', async (type, sqlType, spellings) => {
    for (const spelling of spellings) {
      const ours = castFilterValue(type, spelling)
      const theirs = await postgresCast(pool, sqlType, spelling)
      const expected = 'refused' in theirs ? 'refused' : storedForm(sqlType, theirs) ?? 'nothing'
      const actual = 'error' in ours ? 'refused' : 'nothing' in ours ? 'nothing' : ours.text
      expect({ spelling, value: actual, postgres: theirs }).toEqual({ spelling, value: expected, postgres: theirs })
    }
  })
})
