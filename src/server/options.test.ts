import { describe, expect, it } from 'vitest'
import { parseArguments, type ParsedArguments } from './options.ts'

function errorOf(result: ParsedArguments): string {
  if (result.kind !== 'error') throw new Error(`expected an error, got ${result.kind}`)
  return result.message
}

function basePathOf(value: string): string {
  const parsed = parseArguments(['--base-path', value])
  if (parsed.kind !== 'run') throw new Error(JSON.stringify(parsed))
  return parsed.options.basePath
}

describe('server options', () => {
  it('defaults to 127.0.0.1:8800/data with the demo resources', () => {
    expect(parseArguments([])).toEqual({
      kind: 'run',
      options: { host: '127.0.0.1', port: 8800, basePath: '/data', resources: [], privateIds: [], tokens: [], statementTimeout: 15 },
    })
  })

  it('reads every option, repeatable ones in order, in both "--x v" and "--x=v" forms', () => {
    const result = parseArguments([
      '--host', '0.0.0.0', '--port=0', '--base-path', 'portal/',
      '--resource', 'a=one.csv', '--resource=b=two.JSON', '--private', 'b', '--token', 't1', '--token=t2',
    ])
    expect(result).toEqual({
      kind: 'run',
      options: {
        host: '0.0.0.0', port: 0, basePath: '/portal',
        resources: [{ id: 'a', file: 'one.csv' }, { id: 'b', file: 'two.JSON' }],
        privateIds: ['b'], tokens: ['t1', 't2'], statementTimeout: 15,
      },
    })
  })

  it('asks for help with --help', () => {
    expect(parseArguments(['--port', '1', '--help'])).toEqual({ kind: 'help' })
  })

  it('rejects unknown options and stray arguments', () => {
    expect(errorOf(parseArguments(['--prot', '80']))).toBe('unknown option --prot')
    expect(errorOf(parseArguments(['data.csv']))).toBe('unexpected argument "data.csv" (options start with --)')
  })

  it('takes the site root, one segment or several as --base-path', () => {
    expect(basePathOf('/')).toBe('')
    expect(basePathOf('')).toBe('')
    expect(basePathOf('data')).toBe('/data')
    expect(basePathOf('/data/en/')).toBe('/data/en')
    expect(basePathOf('/a/b/c')).toBe('/a/b/c')
  })

  it('rejects a missing value', () => {
    expect(errorOf(parseArguments(['--port']))).toBe('--port needs a value')
    expect(errorOf(parseArguments(['--token', '--port', '1']))).toBe('--token needs a value')
  })

  it('rejects bad ports, base paths and resources with a message that says what is expected', () => {
    expect(errorOf(parseArguments(['--port', '70000']))).toBe('--port 70000: expected a number from 0 to 65535')
    expect(errorOf(parseArguments(['--port', 'http']))).toMatch(/^--port http: expected a number/)
    for (const bad of ['/a//b', '/a b', '/a/../b', '/?x', 'a/./b']) {
      expect(errorOf(parseArguments(['--base-path', bad]))).toMatch(/^--base-path ".*": expected \/ \(the site root\) or path segments such as \/data or \/data\/en/)
    }
    expect(errorOf(parseArguments(['--resource', 'data.csv']))).toMatch(/expected ID=FILE/)
    expect(errorOf(parseArguments(['--resource', 'x=data.xlsx']))).toBe('--resource x=data.xlsx: the file name must end in .csv, .json or datapackage.json')
    expect(errorOf(parseArguments(['--resource', 'x=a.csv', '--resource', 'x=b.csv']))).toBe('--resource x was given twice')
    expect(errorOf(parseArguments(['--port', '1', '--port', '2']))).toBe('--port was given more than once')
  })

  it('accepts --private only for a known resource: a --resource id, or a demo id when none is given', () => {
    expect(errorOf(parseArguments(['--resource', 'a=a.csv', '--private', 'b']))).toBe('--private b: no resource has that id (known: a)')
    expect(parseArguments(['--private', 'courses'], ['courses']).kind).toBe('run')
    expect(errorOf(parseArguments(['--private', 'nope'], ['courses']))).toMatch(/^--private nope: no resource/)
  })

  it('reads the PostgreSQL options, from --database or DATABASE_URL, with their defaults', () => {
    const run = parseArguments(['--database', 'postgres://me@db:5432/data', '--import', 'trees=trees.csv', '--replace', '--schema', 'open', '--statement-timeout', '2.5', '--private', 'trees'])
    expect(run).toMatchObject({
      kind: 'run',
      options: {
        privateIds: ['trees'],
        postgres: { url: 'postgres://me@db:5432/data', schema: 'open', imports: [{ id: 'trees', file: 'trees.csv' }], replace: true, statementTimeout: 2.5 },
      },
    })
    expect(parseArguments([], [], { DATABASE_URL: 'postgresql://db/x' })).toMatchObject({
      options: { postgres: { url: 'postgresql://db/x', schema: 'public', imports: [], replace: false, statementTimeout: 15 } },
    })
    expect(parseArguments([])).not.toHaveProperty('options.postgres')
  })

  it('says which PostgreSQL option is missing or wrong, never echoing a password', () => {
    expect(errorOf(parseArguments(['--import', 'a=a.csv']))).toBe('--import needs --database URL (or DATABASE_URL)')
    expect(errorOf(parseArguments(['--replace']))).toBe('--replace needs --database URL (or DATABASE_URL)')
    expect(errorOf(parseArguments(['--database', 'mysql://me:secret@db/x']))).toBe('--database "mysql://me:***@db/x": expected a URL like postgres://user@host:5432/db')
    expect(errorOf(parseArguments(['--database', 'postgres://db/x', '--statement-timeout', '0']))).toMatch(/^--statement-timeout 0: expected a number of seconds/)
    expect(errorOf(parseArguments(['--database', 'postgres://db/x', '--resource', 'a=a.csv']))).toMatch(/with --database use --import/)
    expect(errorOf(parseArguments(['--database', 'postgres://db/x', '--import', 'a=a.txt']))).toBe('--import a=a.txt: the file name must end in .csv, .json or datapackage.json')
  })

  it('bounds searches in memory too with --statement-timeout', () => {
    expect(parseArguments(['--statement-timeout', '0.5'])).toMatchObject({ kind: 'run', options: { statementTimeout: 0.5 } })
    expect(parseArguments(['--statement-timeout', '0.5'])).not.toHaveProperty('options.postgres')
    expect(errorOf(parseArguments(['--statement-timeout', 'soon']))).toBe('--statement-timeout soon: expected a number of seconds above 0')
  })

  it('takes --public-url as an origin, and refuses a path, credentials or another scheme', () => {
    expect(parseArguments(['--public-url', 'https://Data.Example.org/'])).toMatchObject({ options: { publicUrl: 'https://data.example.org' } })
    expect(parseArguments(['--public-url=http://10.0.0.1:8080'])).toMatchObject({ options: { publicUrl: 'http://10.0.0.1:8080' } })
    expect(parseArguments([])).not.toHaveProperty('options.publicUrl')
    for (const bad of ['data.example.org', 'ftp://data.example.org', 'https://data.example.org/data', 'https://me:pw@data.example.org', 'https://data.example.org/?x=1']) {
      expect(errorOf(parseArguments(['--public-url', bad]))).toMatch(/^--public-url ".*": expected an origin such as https:\/\/data\.example\.org/)
    }
  })

  it('reads --sql and --sql-rows-max, with --statement-timeout bounding SQL in memory too', () => {
    const off = parseArguments([])
    expect(off.kind === 'run' && off.options.sql).toBeUndefined()
    const on = parseArguments(['--sql'])
    expect(on.kind === 'run' && on.options.sql).toEqual({ rowsMax: 32_000, statementTimeout: 15 })
    const set = parseArguments(['--sql', '--sql-rows-max=10', '--statement-timeout', '2'])
    expect(set.kind === 'run' && set.options.sql).toEqual({ rowsMax: 10, statementTimeout: 2 })
    expect(errorOf(parseArguments(['--sql-rows-max', '10']))).toBe('--sql-rows-max needs --sql')
    expect(errorOf(parseArguments(['--sql', '--sql-rows-max', '0']))).toMatch(/^--sql-rows-max 0: expected a whole number/)
    expect(errorOf(parseArguments(['--sql', '--sql-rows-max', '1.5']))).toMatch(/^--sql-rows-max 1.5: expected a whole number/)
  })
})
