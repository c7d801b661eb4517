// The hostile suite: statements that try to write, change roles or settings, run several statements,
// hide text from a parser, call dangerous functions, read private tables or the catalog by any road,
// or run forever, sent over HTTP to the real server with --sql on both stores (the in-memory default,
// through PGlite in a worker thread, and --database). Each must be answered 403 or 409 with a clear
// message, the server must stay up, and every table must keep its rows.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../sql/index.ts'
import { HAS_POSTGRES, startCluster, type TestCluster } from '../postgres/test-support/test-cluster.ts'
import { startServer, type RunningServer } from '../test-support/server-process.ts'

const TOKEN = 'sql-hostile-token'
const TREES = 'trees'
const SECRET = 'secret'

interface Answer {
  status: number
  body: { success?: boolean; result?: { records: Record<string, unknown>[]; fields: { id: string; type: string }[]; records_truncated?: boolean }; error?: Record<string, unknown> } | string
}

async function sql(server: RunningServer, statement: string, token?: string, method: 'GET' | 'POST' = 'POST'): Promise<Answer> {
  const base = `${server.origin}/data/api/action/datastore_search_sql`
  const headers: Record<string, string> = token === undefined ? {} : { authorization: token }
  const response = method === 'GET'
    ? await fetch(`${base}?${new URLSearchParams({ sql: statement })}`, { headers })
    : await fetch(base, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ sql: statement }) })
  return { status: response.status, body: (await response.json()) as Answer['body'] }
}

function errorOf(answer: Answer): Record<string, unknown> {
  if (typeof answer.body === 'string' || answer.body.error === undefined) throw new Error(`expected an error, got ${JSON.stringify(answer.body)}`)
  return answer.body.error
}

/** [statement, status, what the message says] */
type Case = [string, 403 | 409, string | RegExp]

const NOT_SELECT = /^Only a SELECT statement/
const RESOURCE = 'Access denied: Not authorized to read resource.'
const SYSTEM = `Access denied: ${MESSAGES.systemTables}`
const fn = (name: string): string => `Access denied: ${MESSAGES.functionRefused(name)}`

const CASES: Case[] = [
  // writes and DDL in every disguise
  [`DELETE FROM ${TREES}`, 409, NOT_SELECT],
  [`INSERT INTO ${TREES} (_id) VALUES (99)`, 409, NOT_SELECT],
  [`UPDATE ${TREES} SET species = 'x'`, 409, NOT_SELECT],
  [`TRUNCATE ${TREES}`, 409, NOT_SELECT],
  [`DROP TABLE ${TREES}`, 409, NOT_SELECT],
  ['CREATE TABLE made (a int)', 409, NOT_SELECT],
  [`WITH gone AS (DELETE FROM ${TREES} RETURNING *) SELECT count(*) FROM gone`, 409, /changes data \(DELETE\)/],
  [`WITH x AS (SELECT 1) SELECT * FROM x WHERE EXISTS (WITH y AS (UPDATE ${TREES} SET species = 'x' RETURNING 1) SELECT 1)`, 409, /changes data|syntax error/],
  [`SELECT * FROM ${TREES} FOR UPDATE`, 409, MESSAGES.locksRows],
  [`SELECT * INTO copied FROM ${TREES}`, 409, MESSAGES.selectInto],
  [`COPY ${TREES} TO STDOUT`, 409, NOT_SELECT],
  ["COPY (SELECT 1) TO '/tmp/out'", 409, NOT_SELECT],
  ['SET ROLE postgres', 409, NOT_SELECT],
  ['RESET ROLE', 409, NOT_SELECT],
  ['SET SESSION AUTHORIZATION postgres', 409, NOT_SELECT],
  [`DO $$ BEGIN DELETE FROM ${TREES}; END $$`, 409, NOT_SELECT],
  ['CALL anything()', 409, NOT_SELECT],
  [`PREPARE wipe AS DELETE FROM ${TREES}`, 409, NOT_SELECT],
  ['EXECUTE wipe', 409, NOT_SELECT],
  ['GRANT ALL ON ALL TABLES IN SCHEMA public TO PUBLIC', 409, NOT_SELECT],
  ['BEGIN', 409, NOT_SELECT],
  // several statements, however they are hidden
  [`SELECT 1; DELETE FROM ${TREES}`, 409, MESSAGES.notSingleStatement],
  [`SELECT 1 /* ; */; DROP TABLE ${TREES}`, 409, MESSAGES.notSingleStatement],
  [`SELECT $$;$$; DROP TABLE ${TREES}`, 409, MESSAGES.notSingleStatement],
  [`SELECT $tag$ $$ $tag$; DROP TABLE ${TREES}; --`, 409, MESSAGES.notSingleStatement],
  // CKAN's 2026 CVEs: `\'` (a backslash does not escape a quote in standard strings) and ts_rewrite
  [`SELECT '\\' , (SELECT count(*) FROM ${SECRET}) AS n -- '`, 403, RESOURCE],
  [`SELECT E'\\'' , pg_sleep(3) -- '`, 403, fn('pg_sleep')],
  [`SELECT ts_rewrite('a'::tsquery, 'SELECT * FROM ${SECRET}')`, 403, fn('ts_rewrite')],
  [`SELECT query_to_xml('SELECT * FROM ${SECRET}', true, false, '')`, 403, fn('query_to_xml')],
  // private tables by every road
  [`SELECT * FROM ${SECRET}`, 403, RESOURCE],
  [`TABLE ${SECRET}`, 403, RESOURCE],
  [`SELECT * FROM (SELECT * FROM ${SECRET}) AS s`, 403, RESOURCE],
  [`WITH s AS (SELECT * FROM ${SECRET}) SELECT * FROM s`, 403, RESOURCE],
  [`SELECT (SELECT count(*) FROM ${SECRET}) AS n`, 403, RESOURCE],
  [`SELECT * FROM ${TREES} WHERE EXISTS (SELECT 1 FROM ${SECRET})`, 403, RESOURCE],
  [`SELECT species FROM ${TREES} UNION ALL SELECT name FROM ${SECRET}`, 403, RESOURCE],
  [`SELECT * FROM public.${SECRET}`, 403, RESOURCE],
  [`SELECT * FROM information_schema.columns WHERE table_name = '${SECRET}'`, 403, SYSTEM],
  ['SELECT * FROM information_schema.tables', 403, SYSTEM],
  // the catalog
  ['SELECT * FROM pg_catalog.pg_class', 403, SYSTEM],
  ['SELECT * FROM pg_roles', 403, SYSTEM],
  ['SELECT usename, passwd FROM pg_shadow', 403, SYSTEM],
  ['SELECT * FROM pg_settings', 403, SYSTEM],
  // functions outside the allow-list, wherever they are called
  [`SELECT 1 FROM ${TREES} WHERE (SELECT pg_sleep(3)) IS NULL`, 403, fn('pg_sleep')],
  ["SELECT pg_read_file('/etc/passwd')", 403, fn('pg_read_file')],
  ["SELECT lo_import('/etc/passwd')", 403, fn('lo_import')],
  ["SELECT dblink('host=example.org', 'SELECT 1')", 403, fn('dblink')],
  ["SELECT set_config('role', 'postgres', false)", 403, fn('set_config')],
  ["SELECT current_setting('data_directory')", 403, fn('current_setting')],
  ['SELECT txid_current()', 403, fn('txid_current')],
  ["SELECT nextval('anything')", 403, fn('nextval')],
  ['SELECT pg_catalog.pg_sleep(1)', 403, fn('pg_catalog.pg_sleep')],
  ['SELECT public.lower(species) FROM trees', 403, fn('public.lower')],
  // running forever: stopped by the statement timeout
  ['SELECT count(*) FROM generate_series(1, 1e10)', 409, MESSAGES.tooLong],
]

const TREES_CSV = 'species,height,planted\nOak,12.5,2001-04-03\n"Birch, silver",7,2010-11-30\nOak,,\n'
const SECRET_CSV = 'name,salary\nAda,100\nGrace,200\n'

describe.each([
  { store: 'in memory (PGlite)', postgres: false },
  { store: 'PostgreSQL', postgres: true },
])('datastore_search_sql against hostile statements, $store', ({ postgres }) => {
  let folder: string
  let cluster: TestCluster | undefined
  let server: RunningServer

  beforeAll(async () => {
    if (postgres && !HAS_POSTGRES) return
    folder = mkdtempSync(join(tmpdir(), 'sql-hostile-'))
    writeFileSync(join(folder, 'trees.csv'), TREES_CSV)
    writeFileSync(join(folder, 'secret.csv'), SECRET_CSV)
    const files = [`${TREES}=${join(folder, 'trees.csv')}`, `${SECRET}=${join(folder, 'secret.csv')}`]
    const common = ['--sql', '--sql-rows-max', '2', '--statement-timeout', '3', '--private', SECRET, '--token', TOKEN]
    if (postgres) {
      cluster = await startCluster()
      server = await startServer(['--database', cluster.url, ...files.flatMap((file) => ['--import', file]), ...common], 60_000)
    } else {
      server = await startServer([...files.flatMap((file) => ['--resource', file]), ...common], 60_000)
    }
  }, 120_000)

  afterAll(async () => {
    if (server) {
      server.child.kill('SIGTERM')
      await server.exited
    }
    cluster?.stop()
    if (folder) rmSync(folder, { recursive: true, force: true })
  })

  it.skipIf(postgres && !HAS_POSTGRES).each(CASES)('%s -> %i', async (statement, status, message) => {
    const answer = await sql(server, statement)
    expect(answer.status).toBe(status)
    const error = errorOf(answer)
    expect(error.__type).toBe(status === 403 ? 'Authorization Error' : 'Validation Error')
    const text = status === 403 ? error.message : (error.query as string[])[0]
    expect(text).toMatch(typeof message === 'string' ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : message)
  }, 120_000)

  it.skipIf(postgres && !HAS_POSTGRES)('leaves every table as it was, and still answers', async () => {
    const trees = await sql(server, `SELECT count(*) AS n, count(species) AS named FROM ${TREES}`)
    expect(trees.status).toBe(200)
    expect(typeof trees.body !== 'string' && trees.body.result?.records).toEqual([{ n: 3, named: 3 }])
    const secret = await sql(server, `SELECT count(*) AS n FROM ${SECRET}`, TOKEN, 'GET')
    expect(typeof secret.body !== 'string' && secret.body.result?.records).toEqual([{ n: 2 }])
    const search = await fetch(`${server.origin}/data/api/action/datastore_search?resource_id=${TREES}`)
    expect(((await search.json()) as { result: { total: number } }).result.total).toBe(3)
  }, 120_000)

  it.skipIf(postgres && !HAS_POSTGRES)('answers the private table with its token, GET and POST, with at most --sql-rows-max records', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const answer = await sql(server, `SELECT name, salary FROM ${SECRET} ORDER BY name`, TOKEN, method)
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({
        success: true,
        result: { sql: `SELECT name, salary FROM ${SECRET} ORDER BY name`, records: [{ name: 'Ada', salary: 100 }, { name: 'Grace', salary: 200 }], fields: [{ id: 'name', type: 'text' }, { id: 'salary', type: 'int4' }] },
      })
      expect(typeof answer.body !== 'string' && answer.body.result?.records_truncated).toBeUndefined()
    }
    const truncated = await sql(server, `SELECT _id FROM ${TREES} ORDER BY _id;`)
    expect(truncated.body).toMatchObject({ result: { records: [{ _id: 1 }, { _id: 2 }], records_truncated: true } })
  }, 120_000)

  it.skipIf(postgres && !HAS_POSTGRES)('says what is missing or wrong in the request', async () => {
    const missing = await fetch(`${server.origin}/data/api/action/datastore_search_sql`)
    expect(missing.status).toBe(409)
    expect(((await missing.json()) as { error: unknown }).error).toEqual({ __type: 'Validation Error', sql: ['Missing value'] })
    const wrong = await sql(server, `SELECT nope FROM ${TREES}`)
    expect(wrong.status).toBe(409)
    expect(errorOf(wrong)).toEqual({ __type: 'Validation Error', query: ['column "nope" does not exist'], info: { statement: [`SELECT nope FROM ${TREES}`], position: [8] } })
  }, 120_000)
})

describe('datastore_search_sql without --sql', () => {
  it('is an unknown action, as on a CKAN without it', async () => {
    const server = await startServer([])
    try {
      const response = await fetch(`${server.origin}/data/api/action/datastore_search_sql?sql=SELECT%201`)
      expect(response.status).toBe(400)
      expect(await response.json()).toBe('Bad request - Action name not known: datastore_search_sql')
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
  }, 120_000)
})
