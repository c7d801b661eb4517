import { execFile, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultQuery } from './defaults.ts'
import { buildRequest, buildSqlRequest, type HttpRequestSpec } from './request-builder.ts'
import { demoSnippet, pythonString, rString, shareLink, shellQuote, snippet } from './snippets.ts'
import type { QueryState } from './types.ts'
import { decodeQuery } from './url-codec.ts'

const run = promisify(execFile)
const NASTY = `it's "quoted" $HOME \`whoami\` \\ back\nslash ünïcødé 名前 \u2028 %41 & $(rm -rf /)`

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

const LISTS_RESULT = { records_format: 'lists', fields: [{ id: '_id', type: 'int' }, { id: 'name', type: 'text' }], records: [[1, 'Ada'], [2, 'Grace']] }
const REBUILT = [{ _id: 1, name: 'Ada' }, { _id: 2, name: 'Grace' }]

let server: Server
let seen: Seen[] = []
let base = ''

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      // Asked for lists, it answers as CKAN does: values in the order of the fields.
      const lists = body.includes('"records_format":"lists"') || (req.url ?? '').includes('records_format=lists')
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(lists ? JSON.stringify({ success: true, result: LISTS_RESULT }) : '{"success": true, "result": {"records": []}}')
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/data`
})

afterAll(() => {
  server.close()
})

const nastyQuery = (overrides: Partial<QueryState> = {}): QueryState => ({
  ...defaultQuery(),
  source: 'live',
  baseUrl: base,
  resourceId: 'd2a1e7a0-6b0c-4e55-9a57-2f3c5c1f1e01',
  q: NASTY,
  filters: [{ field: `field ${NASTY}`, values: [NASTY, 'plain'] }],
  ...overrides,
})

/** What the echo server received when the snippet ran. */
async function received(action: () => Promise<unknown>): Promise<Seen> {
  seen = []
  await action()
  expect(seen).toHaveLength(1)
  return seen[0]
}

/** The parts of the received request that the spec prescribes, in the spec's own shape. */
function asSpec(got: Seen, spec: HttpRequestSpec): HttpRequestSpec {
  return {
    method: got.method as HttpRequestSpec['method'],
    url: `${base.replace(/\/data$/, '')}${got.url}`,
    headers: spec.headers.map(([name]) => [name, String(got.headers[name.toLowerCase()])]),
    ...(spec.body === undefined ? {} : { body: got.body }),
  }
}

describe('snippets send exactly the built request, even with nasty values', () => {
  for (const method of ['POST', 'GET'] as const) {
    it.skipIf(!hasCurl())(`curl (${method})`, async () => {
      const spec = buildRequest(nastyQuery({ method }), { token: 'tok$`"\'' })
      const code = snippet('curl', spec, { revealToken: true })
      const got = await received(() => run('sh', ['-c', `${code} --silent --show-error`]))
      expect(asSpec(got, spec)).toEqual(spec)
    })

    it(`JavaScript fetch (${method})`, async () => {
      const spec = buildRequest(nastyQuery({ method, filters: [{ field: '__proto__', values: [NASTY] }] }), { token: 'tok' })
      const code = snippet('fetch', spec, { revealToken: true }).replace('console.log', 'void ')
      const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (body: string) => () => Promise<void>
      const got = await received(() => new AsyncFunction(code)())
      expect(asSpec(got, spec)).toEqual(spec)
    })

    it.skipIf(!hasPythonRequests())(`Python requests (${method})`, async () => {
      const spec = buildRequest(nastyQuery({ method }), { token: 'tok' })
      const code = snippet('python', spec, { revealToken: true }).replace(/^print\(.*$/m, '')
      const got = await received(() => run('python3', ['-c', code]))
      expect(asSpec(got, spec)).toEqual(spec)
    })
  }
})

const listsSpec = (method: 'POST' | 'GET') => buildRequest(nastyQuery({ method, limit: 5000 }), { listsAccepted: true })

describe('a request for lists', () => {
  it('is sent as built and the fetch snippet prints records rebuilt from the fields', async () => {
    for (const method of ['POST', 'GET'] as const) {
      const spec = listsSpec(method)
      const printed: unknown[] = []
      const code = snippet('fetch', spec).replace('console.log(', 'printed.push(')
      const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (name: string, body: string) => (printed: unknown[]) => Promise<void>
      const got = await received(() => new AsyncFunction('printed', code)(printed))
      expect(asSpec(got, spec)).toEqual(spec)
      expect(printed).toEqual([REBUILT])
    }
  })

  it.skipIf(!hasPythonRequests())('prints the same records from Python', async () => {
    const code = snippet('python', listsSpec('POST')).replace(/^print\(/m, 'print_json(')
    const { stdout } = await run('python3', ['-c', `import json\nprint_json = lambda value: print(json.dumps(value))\n${code}`])
    expect(JSON.parse(stdout)).toEqual(REBUILT)
  })

  it('says so in the R snippet, and plain requests print records as they come', () => {
    expect(snippet('r', listsSpec('POST'))).toContain('setNames(values, ids)')
    expect(snippet('fetch', buildRequest(nastyQuery()))).toContain('console.log(data.result.records)')
    expect(snippet('python', buildRequest(nastyQuery()))).not.toContain('zip(ids')
  })
})

function hasCurl(): boolean {
  return spawnSync('curl', ['--version']).status === 0
}

function hasPythonRequests(): boolean {
  // Checked at collection time: the Python test needs python3 with `requests` installed.
  return spawnSync('python3', ['-c', 'import requests']).status === 0
}

describe('quoting', () => {
  it('shell quotes survive sh unchanged', async () => {
    const { stdout } = await run('sh', ['-c', `printf '%s' ${shellQuote(NASTY)}`])
    expect(stdout).toBe(NASTY)
  })

  it('Python string literals escape backslashes, quotes and control characters and keep non-ASCII', () => {
    expect(pythonString('a"b\\c\nd\u0001é')).toBe('"a\\"b\\\\c\\nd\\u0001é"')
  })

  it('R string literals escape backslashes, quotes and newlines and leave $ and backticks alone', () => {
    expect(rString('a"b\\c\nd $x `y` é')).toBe('"a\\"b\\\\c\\nd $x `y` é"')
  })

  it('R snippets pass the exact body and the headers, with backticks around unusual header names', () => {
    const spec = buildRequest(nastyQuery(), { token: 'tok' })
    const code = snippet('r', spec, { revealToken: true })
    expect(code).toContain(`req_body_raw(${rString(spec.body ?? '')}, type = "application/json")`)
    expect(code).toContain('req_headers(Authorization = "tok")')
    expect(code).toContain('req_method("POST")')
    expect(code).toMatch(/^library\(httr2\)/)
  })
})

const tokenSpec = () => buildRequest(nastyQuery(), { token: 'SECRET-TOKEN' })

describe('the token', () => {
  it.each(['curl', 'fetch', 'python', 'r'] as const)('is a placeholder in %s unless revealed', (language) => {
    const hidden = snippet(language, tokenSpec())
    expect(hidden).not.toContain('SECRET-TOKEN')
    expect(hidden).toContain('<API_TOKEN>')
    expect(snippet(language, tokenSpec(), { revealToken: true })).toContain('SECRET-TOKEN')
  })
})

describe('shareLink', () => {
  it('puts the query in the page URL, keeping path and hash, and restores the same query', () => {
    const query = nastyQuery({ limit: 7 })
    const link = shareLink(query, 'https://explorer.example/sub/path/?old=1#grid')
    const url = new URL(link)
    expect(url.pathname).toBe('/sub/path/')
    expect(url.hash).toBe('#grid')
    expect(url.searchParams.has('old')).toBe(false)
    expect(decodeQuery(url.search)).toEqual({ query, ignored: [] })
  })
})

describe('an SQL statement (datastore_search_sql)', () => {
  const NASTY_SQL = `SELECT 'it''s', $$dollar "quoted" \\ $$ AS x, E'a\\nb' -- ${NASTY}\nFROM "d2a1e7a0-6b0c-4e55-9a57-2f3c5c1f1e01"\n/* ünïcødé 名前 */ WHERE a = '$HOME'`
  const sqlQuery = (method: 'POST' | 'GET') => nastyQuery({ method, sql: NASTY_SQL })

  for (const method of ['POST', 'GET'] as const) {
    it.skipIf(!hasCurl())(`curl sends it exactly (${method})`, async () => {
      const spec = buildRequest(sqlQuery(method), { token: 'tok' })
      const got = await received(() => run('sh', ['-c', `${snippet('curl', spec, { revealToken: true })} --silent --show-error`]))
      expect(asSpec(got, spec)).toEqual(spec)
      const sent = method === 'POST' ? (JSON.parse(got.body) as { sql: string }).sql : new URL(got.url, base).searchParams.get('sql')
      expect(sent).toBe(NASTY_SQL)
    })

    it(`fetch sends it exactly (${method})`, async () => {
      const spec = buildRequest(sqlQuery(method))
      const code = snippet('fetch', spec).replace('console.log', 'void ')
      const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (body: string) => () => Promise<void>
      const got = await received(() => new AsyncFunction(code)())
      expect(asSpec(got, spec)).toEqual(spec)
    })

    it.skipIf(!hasPythonRequests())(`Python sends it exactly (${method})`, async () => {
      const spec = buildRequest(sqlQuery(method))
      const code = snippet('python', spec).replace(/^print\(.*$/m, '')
      const got = await received(() => run('python3', ['-c', code]))
      expect(asSpec(got, spec)).toEqual(spec)
    })
  }

  it('R writes the statement as one literal that holds it exactly', () => {
    const code = snippet('r', buildRequest(sqlQuery('POST')))
    expect(code).toContain('/api/action/datastore_search_sql')
    expect(code).toContain(`req_body_raw(${rString(JSON.stringify({ sql: NASTY_SQL }))}, type = "application/json")`)
  })
})

describe('demo snippets', () => {
  it('say, as comments of their language, that they need a live server and how to start one', () => {
    const spec = buildRequest(defaultQuery())
    const curl = demoSnippet('curl', snippet('curl', spec))
    expect(curl.split('\n').slice(0, 2)).toEqual([
      '# Demo mode: the demo engine answers inside the page, so this code needs a live server.',
      '# Start the reference server at this address with: npm run api',
    ])
    expect(curl.endsWith(snippet('curl', spec))).toBe(true)
    expect(demoSnippet('fetch', 'x').startsWith('// Demo mode')).toBe(true)
    expect(demoSnippet('r', 'x').startsWith('# Demo mode')).toBe(true)
  })

  it('of an SQL statement, say the server needs --sql, which turns datastore_search_sql on', () => {
    const python = demoSnippet('python', snippet('python', buildSqlRequest('SELECT 1', 'http://127.0.0.1:8800/data', 'POST')), true)
    expect(python.split('\n')[1]).toBe('# Start the reference server at this address with: npm run api -- --sql')
  })
})
