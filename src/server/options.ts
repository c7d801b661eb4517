// Command-line options of `npm run api` (see spec/product.md "The reference API server").

export interface ResourceFileOption {
  id: string
  file: string
}

/** Serving from PostgreSQL (`--database URL` or DATABASE_URL) instead of memory. */
export interface PostgresOptions {
  url: string
  schema: string
  /** Files streamed into tables before serving. */
  imports: ResourceFileOption[]
  replace: boolean
  /** Seconds one query may run. */
  statementTimeout: number
}

export interface ServerOptions {
  host: string
  port: number
  /** The path before `/api`: '' (the site root) or "/" + segments, e.g. "/data", "/data/en". */
  basePath: string
  /** Empty: serve the bundled demo resources. */
  resources: ResourceFileOption[]
  privateIds: string[]
  tokens: string[]
  /** Set: resources are the tables of a PostgreSQL schema. */
  postgres?: PostgresOptions
  /** Seconds one search may run, in memory or in PostgreSQL. */
  statementTimeout: number
  /** The origin `help` and `_links` name (e.g. behind a proxy); default: the listening address. */
  publicUrl?: string
  /** Set (`--sql`): `datastore_search_sql` is answered, under `statementTimeout` too. */
  sql?: SqlOptions
}

export interface SqlOptions {
  /** At most this many records per answer (`--sql-rows-max`). */
  rowsMax: number
  /** Seconds one statement may run (`--statement-timeout`). */
  statementTimeout: number
}

export type ParsedArguments =
  | { kind: 'run'; options: ServerOptions }
  | { kind: 'help' }
  | { kind: 'error'; message: string }

export const USAGE = `Usage: npm run api -- [options]

Serves CKAN's datastore_search, datastore_info, resource_show and package_search (catalog) over HTTP at
http://HOST:PORT/BASE/api/action/NAME (and /api/3/action/NAME)

Options:
  --host H            listen address (default 127.0.0.1)
  --port N            listen port (default 8800; 0 picks a free port)
  --base-path P       the path before /api: / (the site root), /data, /data/en (default /data)
  --resource ID=FILE  serve a .csv (header row, UTF-8) or .json (array of objects) file, or the
                      CSV resource of a Frictionless datapackage.json (its schema gives the types,
                      field titles and descriptions the data dictionary), as resource ID;
                      repeatable (default: the bundled demo resources)
  --private ID        that resource needs a token; repeatable
  --token T           a token that grants every private resource; repeatable
  --public-url URL    the origin clients reach the server at, e.g. https://data.example.org behind
                      a proxy: help and _links name it (default: http://HOST:PORT); the request's
                      Host header is never used
  --statement-timeout S  seconds one search may run (default 15); past it, a 409 "Query took too
                      long" (in memory and in PostgreSQL)
  --help              show this help

PostgreSQL (serves every table of the schema that has an _id column, by table name):
  --database URL      postgres://user@host:port/db (default: $DATABASE_URL; unset: in memory)
  --schema S          the schema whose tables are served (default public)
  --import ID=FILE    stream a .csv or .json file into table ID and index it before serving;
                      repeatable; an existing table stops start-up unless --replace
  --replace           --import drops and reloads a table that exists

SQL (datastore_search_sql; on the in-memory default it runs on an embedded PostgreSQL, PGlite):
  --sql               answer datastore_search_sql (default: off, the action is unknown)
  --sql-rows-max N    at most N records per answer (default 32000); more set records_truncated`

const DEFAULTS = { host: '127.0.0.1', port: 8800, basePath: '/data' }
const VALUE_OPTIONS = new Set(['--host', '--port', '--base-path', '--resource', '--private', '--token', '--database', '--schema', '--import', '--statement-timeout', '--public-url', '--sql-rows-max'])
const FLAG_OPTIONS = new Set(['--replace', '--sql'])

class OptionError extends Error {}

/** `knownDemoIds`: ids and aliases accepted by `--private` when no `--resource` is given. */
export function parseArguments(argv: readonly string[], knownDemoIds: readonly string[] = [], env: { DATABASE_URL?: string } = {}): ParsedArguments {
  try {
    return parseOrThrow(argv, knownDemoIds, env)
  } catch (error) {
    if (error instanceof OptionError) return { kind: 'error', message: error.message }
    throw error
  }
}

function parseOrThrow(argv: readonly string[], knownDemoIds: readonly string[], env: { DATABASE_URL?: string }): ParsedArguments {
  const values = new Map<string, string[]>()
  const flags = new Set<string>()
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]
    if (argument === '--help' || argument === '-h') return { kind: 'help' }
    const equals = argument.indexOf('=')
    const name = argument.startsWith('--') && equals !== -1 ? argument.slice(0, equals) : argument
    if (FLAG_OPTIONS.has(argument)) {
      flags.add(argument)
      continue
    }
    if (!VALUE_OPTIONS.has(name)) {
      throw new OptionError(argument.startsWith('-') ? `unknown option ${name}` : `unexpected argument "${argument}" (options start with --)`)
    }
    let value: string
    if (name !== argument) value = argument.slice(equals + 1)
    else {
      const next = argv[index + 1]
      if (next === undefined || (next.startsWith('--') && VALUE_OPTIONS.has(next.split('=')[0]))) throw new OptionError(`${name} needs a value`)
      value = next
      index++
    }
    values.set(name, [...(values.get(name) ?? []), value])
  }
  const single = (name: string): string | undefined => {
    const list = values.get(name)
    if (list !== undefined && list.length > 1) throw new OptionError(`${name} was given more than once`)
    return list?.[0]
  }
  const resources = parseResources(values.get('--resource') ?? [], '--resource')
  const postgres = postgresOptions(values, flags, single, env, parseStatementTimeout(single('--statement-timeout')))
  if (postgres !== undefined && resources.length > 0) throw new OptionError('--resource serves a file from memory; with --database use --import ID=FILE instead')
  const known = new Set(resources.length > 0 ? resources.map((resource) => resource.id) : knownDemoIds)
  const privateIds = values.get('--private') ?? []
  // with a database, the tables are known only once connected: the server checks --private then
  for (const id of postgres === undefined ? privateIds : []) {
    if (!known.has(id)) throw new OptionError(`--private ${id}: no resource has that id (known: ${[...known].join(', ') || 'none'})`)
  }
  const statementTimeout = parseStatementTimeout(single('--statement-timeout'))
  const publicUrl = single('--public-url')
  const sql = sqlOptions(flags, single, statementTimeout)
  const tokens = values.get('--token') ?? []
  for (const token of tokens) if (token.trim() === '') throw new OptionError('--token needs a non-empty value')
  return {
    kind: 'run',
    options: {
      host: parseHost(single('--host') ?? DEFAULTS.host),
      port: parsePort(single('--port')),
      basePath: parseBasePath(single('--base-path') ?? DEFAULTS.basePath),
      resources,
      privateIds,
      tokens,
      ...(postgres === undefined ? {} : { postgres }),
      statementTimeout,
      ...(publicUrl === undefined ? {} : { publicUrl: parsePublicUrl(publicUrl) }),
      ...(sql === undefined ? {} : { sql }),
    },
  }
}

function postgresOptions(
  values: ReadonlyMap<string, string[]>,
  flags: ReadonlySet<string>,
  single: (name: string) => string | undefined,
  env: { DATABASE_URL?: string },
  statementTimeout: number,
): PostgresOptions | undefined {
  const url = single('--database') ?? (env.DATABASE_URL?.trim() || undefined)
  const only = ['--schema', '--import'].filter((name) => values.has(name))
  if (flags.has('--replace')) only.push('--replace')
  if (url === undefined) {
    if (only.length > 0) throw new OptionError(`${only[0]} needs --database URL (or DATABASE_URL)`)
    return undefined
  }
  if (!/^postgres(?:ql)?:\/\//.test(url)) throw new OptionError(`--database "${redactUrl(url)}": expected a URL like postgres://user@host:5432/db`)
  const imports = parseResources(values.get('--import') ?? [], '--import')
  const schema = single('--schema') ?? 'public'
  if (schema.trim() === '') throw new OptionError('--schema needs a non-empty name')
  return { url, schema, imports, replace: flags.has('--replace'), statementTimeout }
}

/** A connection URL without its password, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/^(\w+:\/\/[^:/@]*:)[^@]*@/, '$1***@')
}

function sqlOptions(flags: ReadonlySet<string>, single: (name: string) => string | undefined, statementTimeout: number): SqlOptions | undefined {
  const rowsText = single('--sql-rows-max')
  if (!flags.has('--sql')) {
    if (rowsText !== undefined) throw new OptionError('--sql-rows-max needs --sql')
    return undefined
  }
  const rowsMax = rowsText === undefined ? 32_000 : Number(rowsText)
  if (!/^\d+$/.test(rowsText ?? '1') || !(rowsMax >= 1) || rowsMax > 10_000_000) throw new OptionError(`--sql-rows-max ${rowsText}: expected a whole number from 1 to 10000000`)
  return { rowsMax, statementTimeout }
}

function parseStatementTimeout(text: string | undefined): number {
  const seconds = text === undefined ? 15 : Number(text)
  if (!(seconds > 0) || !Number.isFinite(seconds)) throw new OptionError(`--statement-timeout ${text}: expected a number of seconds above 0`)
  return seconds
}

/** An origin (scheme, host, optional port): the base path stays --base-path's. */
function parsePublicUrl(text: string): string {
  let url: URL | undefined
  try {
    url = new URL(text)
  } catch {
    url = undefined
  }
  if (url === undefined || !/^https?:$/.test(url.protocol) || url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    throw new OptionError(`--public-url "${text}": expected an origin such as https://data.example.org or http://host:8800 (no path: the path before /api is --base-path)`)
  }
  return url.origin
}

function parseHost(host: string): string {
  if (host.trim() === '' || /\s/.test(host)) throw new OptionError(`--host "${host}" is not a host name or address`)
  return host
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return DEFAULTS.port
  if (!/^\d+$/.test(text) || Number(text) > 65_535) throw new OptionError(`--port ${text}: expected a number from 0 to 65535`)
  return Number(text)
}

function parseBasePath(text: string): string {
  const trimmed = text.trim().replace(/^\/+/, '').replace(/\/+$/, '')
  if (trimmed === '') return ''
  const segments = trimmed.split('/')
  if (segments.some((segment) => !/^[A-Za-z0-9._~-]+$/.test(segment) || segment === '.' || segment === '..')) {
    throw new OptionError(
      `--base-path "${text}": expected / (the site root) or path segments such as /data or /data/en (letters, digits, . _ ~ - between single slashes)`,
    )
  }
  return `/${segments.join('/')}`
}

/** Each `ID=FILE` of a repeatable option; an id given twice is refused. */
function parseResources(texts: readonly string[], option: string): ResourceFileOption[] {
  const resources = texts.map((text) => parseResource(text, option))
  const seen = new Set<string>()
  for (const { id } of resources) {
    if (seen.has(id)) throw new OptionError(`${option} ${id} was given twice`)
    seen.add(id)
  }
  return resources
}

function parseResource(text: string, option: string): ResourceFileOption {
  const equals = text.indexOf('=')
  const id = equals === -1 ? '' : text.slice(0, equals).trim()
  const file = equals === -1 ? '' : text.slice(equals + 1).trim()
  if (id === '' || file === '') throw new OptionError(`${option} "${text}": expected ID=FILE, e.g. ${option} courses=data/courses.csv`)
  if (!/\.(csv|json)$/i.test(file)) {
    throw new OptionError(`${option} ${id}=${file}: the file name must end in .csv, .json or datapackage.json`)
  }
  return { id, file }
}
