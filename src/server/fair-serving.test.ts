// The in-memory server serves everyone: the real `npm run api` in a child process, on a generated
// CSV large enough that a distinct sort over two long text columns is many steps of work.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './test-support/server-process.ts'

const RECORDS = 150_000
const ID = 'requests'

let folder: string
let csvFile: string

/** Two columns of long, nearly all distinct texts, and a small number. */
function writeCsv(file: string): void {
  const lines = ['street,description,units']
  let seed = 7
  const next = (): number => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0
    return seed
  }
  for (let i = 0; i < RECORDS; i++) {
    lines.push(`Street ${next() % 50_000} of ${next().toString(36)},Report ${next().toString(36)} ${next().toString(36)} about item ${i},${i % 10}`)
  }
  writeFileSync(file, `${lines.join('\n')}\n`)
}

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'fair-serving-test-'))
  csvFile = join(folder, 'requests.csv')
  writeCsv(csvFile)
})

afterAll(() => rmSync(folder, { recursive: true, force: true }))

let servers: RunningServer[] = []

async function serve(args: string[] = []): Promise<RunningServer> {
  const server = await startServer(['--resource', `${ID}=${csvFile}`, ...args], 60_000)
  servers.push(server)
  return server
}

afterEach(async () => {
  for (const server of servers) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL')
    await server.exited
  }
  servers = []
})

async function search(origin: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${origin}/data/api/action/datastore_search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** A distinct sort over the two long text columns (a different order each, so nothing is cached). */
function heavy(variant: number): unknown {
  const order = variant % 2 === 0 ? 'street, description' : 'description desc, street desc'
  return { resource_id: ID, distinct: true, fields: ['street', 'description'], sort: order, limit: 5, offset: variant }
}

const CHEAP = { resource_id: ID, limit: 5 }

describe('the in-memory server under heavy requests', () => {
  it('answers cheap requests while heavy ones run', async () => {
    const server = await serve()
    expect((await search(server.origin, CHEAP)).status).toBe(200)
    let heavyDone = 0
    const heavies = [0, 1, 2, 3].map((variant) => search(server.origin, heavy(variant)).then((answer) => {
      heavyDone++
      return answer
    }))
    const cheapWhileHeavy: number[] = []
    while (heavyDone === 0) {
      const answer = await search(server.origin, CHEAP)
      expect(answer.status).toBe(200)
      if (heavyDone === 0) cheapWhileHeavy.push(answer.status)
    }
    for (const answer of await Promise.all(heavies)) expect(answer.status).toBe(200)
    // a server that ran each heavy request in one go would answer no cheap request before the first heavy one
    expect(cheapWhileHeavy.length).toBeGreaterThan(0)
  })

  it('stops a search past --statement-timeout with 409 "Query took too long", and keeps serving', async () => {
    const server = await serve(['--statement-timeout', '0.05'])
    const answer = await search(server.origin, heavy(0))
    expect(answer.status).toBe(409)
    expect(answer.body).toMatchObject({ success: false, error: { __type: 'Validation Error' } })
    expect(JSON.stringify(answer.body)).toMatch(/Query took too long: the search took too long \(over 0\.05 s\)/)
    expect((await search(server.origin, CHEAP)).status).toBe(200)
  })

  it('stops within 2 s of SIGTERM while heavy requests run', async () => {
    const server = await serve()
    const heavies = [0, 1, 2, 3, 4, 5].map((variant) => search(server.origin, heavy(variant)).catch(() => undefined))
    await new Promise((resolve) => setTimeout(resolve, 100))
    const signalled = performance.now()
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expect(performance.now() - signalled).toBeLessThan(2000)
    await Promise.all(heavies)
  })

  it('sorts by each field once however often it is repeated, in a 200,000-clause body', async () => {
    const server = await serve()
    const clauses = Array.from({ length: 200_000 }, (_, i) => (i % 3 === 0 ? 'units desc' : i % 3 === 1 ? 'street' : 'units'))
    const folded = await search(server.origin, { resource_id: ID, sort: clauses, limit: 20, fields: ['_id', 'units', 'street'] })
    const plain = await search(server.origin, { resource_id: ID, sort: 'units desc, street', limit: 20, fields: ['_id', 'units', 'street'] })
    expect(folded.status).toBe(200)
    expect((folded.body.result as { records: unknown[] }).records).toEqual((plain.body.result as { records: unknown[] }).records)
  })
})

describe('the in-memory server on bad names, and its own address', () => {
  let server: RunningServer

  beforeAll(async () => {
    server = await startServer(['--resource', `${ID}=${csvFile}`, '--public-url', 'https://data.example.org'], 60_000)
  })

  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL')
    await server.exited
  })

  it('answers 130,000 unknown filter names with a 409 naming the first 20 and the count', async () => {
    const filters = Object.fromEntries(Array.from({ length: 130_000 }, (_, i) => [`nope${i}`, 'x']))
    const answer = await search(server.origin, { resource_id: ID, filters, fields: Array.from({ length: 50 }, (_, i) => `gone${i}`) })
    expect(answer.status).toBe(409)
    const error = answer.body.error as Record<string, string[]>
    expect(error.filters).toHaveLength(21)
    expect(error.filters?.slice(0, 2)).toEqual(['Unknown field "nope0"', 'Unknown field "nope1"'])
    expect(error.filters?.[20]).toBe('... and 129980 more: 130000 unknown fields in all')
    expect(error.fields?.[20]).toBe('... and 30 more: 50 unknown fields in all')
  })

  /** A raw GET with its own Host header and request target (fetch would normalise both). */
  function rawGet(target: string, host: string): Promise<{ status: number; body: Record<string, unknown> }> {
    return new Promise((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port: server.port, path: target, headers: { host } }, (response) => {
        let text = ''
        response.setEncoding('utf8').on('data', (part: string) => (text += part))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }))
      })
      request.on('error', reject)
      request.end()
    })
  }

  it('builds help and _links on --public-url, never on the Host header or a path starting //', async () => {
    const found = await rawGet(`/data/api/action/datastore_search?resource_id=${ID}&limit=2`, 'evil.example')
    expect(found.status).toBe(200)
    expect(found.body.help).toBe('https://data.example.org/data/api/3/action/help_show?name=datastore_search')
    const links = (found.body.result as { _links: Record<string, string> })._links
    expect(links.next).toBe(`/data/api/action/datastore_search?resource_id=${ID}&limit=2&offset=2`)
    const missing = await rawGet('//evil.example/data/api/action/datastore_search', 'evil.example')
    expect(missing.status).toBe(404)
    expect(missing.body.help).toBe('https://data.example.org/data/api/3/action/help_show?name=datastore_search')
    expect(JSON.stringify(missing.body)).not.toContain('evil.example/data/api/3')
  })
})
