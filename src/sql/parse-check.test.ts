import { describe, expect, it } from 'vitest'
import { checkStatement } from './parse-check.ts'
import { MESSAGES } from './messages.ts'

describe("the parser layer (PostgreSQL's own parser)", () => {
  it('accepts one SELECT in its forms, and gives its text without the trailing ; and comments', async () => {
    for (const sql of ['SELECT 1', 'WITH a AS (SELECT 1) SELECT * FROM a', 'VALUES (1)', 'TABLE "x"', 'SELECT 1 UNION SELECT 2']) {
      expect(await checkStatement(sql)).toEqual({ ok: true, statement: sql, offset: 0 })
    }
    expect(await checkStatement('  /* é */ SELECT 1 ; -- done\n')).toMatchObject({ ok: true, statement: 'SELECT 1 ', offset: 10 })
  })

  it('keeps dollar quotes and comments inside one statement', async () => {
    expect(await checkStatement("SELECT $$ ; DROP TABLE x; $$ AS a -- ; DELETE FROM x")).toMatchObject({ ok: true })
    expect(await checkStatement('SELECT $$;$$; DROP TABLE x')).toEqual({ ok: false, kind: 'invalid', message: MESSAGES.notSingleStatement })
  })

  it("reads `\\'` as PostgreSQL does: a backslash, then the string ends", async () => {
    expect(await checkStatement("SELECT '\\', pg_sleep(1) -- '")).toMatchObject({ ok: false, kind: 'forbidden', message: MESSAGES.functionRefused('pg_sleep') })
  })

  it('allows harmless functions that CKAN refuses, in their SQL syntax too', async () => {
    const sql = "SELECT coalesce(a, 1), nullif(a, 2), greatest(1, 2), least(1, 2), CAST(a AS text), trim(' x '), position('a' in 'ba'), extract(year from now()), substring('abc' from 2), count(*) OVER (PARTITION BY a) FROM t"
    expect(await checkStatement(sql)).toMatchObject({ ok: true })
  })

  it('refuses functions outside the allow-list by name, qualified or not, with their position', async () => {
    expect(await checkStatement('SELECT 1, ts_rewrite(q, s) FROM t')).toEqual({ ok: false, kind: 'forbidden', message: MESSAGES.functionRefused('ts_rewrite'), position: 11 })
    expect(await checkStatement('SELECT é, pg_sleep(1)')).toMatchObject({ position: 11 })
    expect(await checkStatement('SELECT public.lower(a) FROM t')).toMatchObject({ kind: 'forbidden', message: MESSAGES.functionRefused('public.lower') })
    expect(await checkStatement('SELECT pg_catalog.lower(a) FROM t')).toMatchObject({ ok: true })
  })

  it('refuses writes, locks, SELECT INTO and system relations anywhere in the tree', async () => {
    expect(await checkStatement('WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d')).toMatchObject({ kind: 'invalid', message: MESSAGES.changesData('DELETE') })
    expect(await checkStatement('SELECT * FROM t FOR SHARE')).toMatchObject({ message: MESSAGES.locksRows })
    expect(await checkStatement('SELECT * INTO n FROM t')).toMatchObject({ message: MESSAGES.selectInto })
    expect(await checkStatement('SELECT * FROM t WHERE a IN (SELECT oid FROM pg_class)')).toMatchObject({ kind: 'forbidden', message: MESSAGES.systemTables })
    expect(await checkStatement('SELECT * FROM information_schema.tables')).toMatchObject({ kind: 'forbidden', message: MESSAGES.systemTables })
    expect(await checkStatement('INSERT INTO t VALUES (1)')).toMatchObject({ kind: 'invalid', message: MESSAGES.notASelect('INSERT') })
  })

  it("gives PostgreSQL's syntax error and its position", async () => {
    expect(await checkStatement('SELECT 1 FORM t')).toEqual({ ok: false, kind: 'invalid', message: 'syntax error at or near "t"', position: 15 })
    expect(await checkStatement('')).toEqual({ ok: false, kind: 'invalid', message: MESSAGES.notSingleStatement })
    expect(await checkStatement('-- nothing')).toEqual({ ok: false, kind: 'invalid', message: MESSAGES.notSingleStatement })
  })
})
