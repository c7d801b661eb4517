import * as libpgQuery from 'libpg-query'
import { describe, expect, it } from 'vitest'
import { checkStatement, useParser as parseWith } from '../sql/index.ts'
import { remoteParser, serveParser, type FromParser, type ParserWorkerLike, type ToParser } from './remote-parser.ts'

/** The two sides joined as the SQL worker and the parser worker are, messages crossing asynchronously and structured-cloned. */
function joined(module: { loadModule(): Promise<void>; parse(sql: string): Promise<unknown> }): ParserWorkerLike {
  const listeners: ((event: MessageEvent<FromParser>) => void)[] = []
  const answer = serveParser(module, (message) => setTimeout(() => listeners.forEach((listener) => listener(new MessageEvent('message', { data: structuredClone(message) })))))
  return {
    postMessage: (message: ToParser) => setTimeout(() => answer(structuredClone(message))),
    addEventListener: (type: 'message' | 'error', listener: (event: MessageEvent<FromParser>) => void) => {
      if (type === 'message') listeners.push(listener)
    },
  } as ParserWorkerLike
}

describe('the parser in a worker of its own', () => {
  it('gives the checks the same outcomes as the parser called in place: answers, refusals and error positions', async () => {
    const statements = [
      'SELECT 1',
      'SELECT a FROM "t" WHERE b = $$x$$ -- c',
      'SELECT * FROM pg_catalog.pg_authid',
      'WITH d AS (DELETE FROM "t" RETURNING *) SELECT * FROM d',
      "SELECT pg_read_file('/etc/passwd')",
      'SELECT 1; SELECT 2',
      'SELEC 1',
      "SELECT 'é' FROM \"t\" WHERE x = = 1",
      'SELECT * FROM "t" FOR UPDATE',
    ]
    const inPlace = []
    for (const sql of statements) inPlace.push(await checkStatement(sql))
    expect(inPlace.filter((outcome) => outcome.ok)).toHaveLength(2)
    expect(inPlace.some((outcome) => !outcome.ok && outcome.position !== undefined && outcome.kind === 'invalid')).toBe(true)

    parseWith(() => remoteParser(joined(libpgQuery)))
    for (const [index, sql] of statements.entries()) expect(await checkStatement(sql)).toEqual(inPlace[index])
  })

  it('a parser that cannot be loaded fails the check, never passes or refuses it as a statement error', async () => {
    const broken = { loadModule: () => Promise.reject(new Error('no WebAssembly')), parse: () => Promise.resolve({ stmts: [] }) }
    parseWith(() => remoteParser(joined(broken)))
    await expect(checkStatement('SELECT 1')).rejects.toThrow('no WebAssembly')
  })
})
