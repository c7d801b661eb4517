// End-to-end tests of `npm run api`: the real entry point in a child process, real HTTP with fetch.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchServer, startServer, type RunningServer } from './test-support/server-process.ts'

const TOKEN = 'very-secret-token-42'
const PUBLIC_ID = '3b0c2f6e-1d4a-4c9b-8e7f-0a1b2c3d4e5f'
const PRIVATE_ID = 'private-grades'

interface Finished {
  code: number | null
  stdout: string
  stderr: string
}

async function runToExit(args: string[]): Promise<Finished> {
  const { stdout, stderr, exited } = launchServer(args)
  const code = await exited
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('') }
}

let folder: string
let csvFile: string
let jsonFile: string

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'api-server-test-'))
  csvFile = join(folder, 'courses.csv')
  jsonFile = join(folder, 'grades.json')
  writeFileSync(csvFile, 'subject,stage,credits\nBiology,active,5\nBiology,closed,10\n"Économie, avancée",active,15\n')
  writeFileSync(jsonFile, JSON.stringify([{ student: 'Ada', grade: 97 }, { student: 'Grace', grade: 91 }]))
})

afterAll(() => rmSync(folder, { recursive: true, force: true }))

function search(origin: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${origin}/data/api/action/datastore_search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

describe('npm run api with CSV and JSON files', () => {
  let server: RunningServer

  beforeAll(async () => {
    server = await startServer(['--resource', `${PUBLIC_ID}=${csvFile}`, '--resource', `${PRIVATE_ID}=${jsonFile}`,
      '--private', PRIVATE_ID, '--token', TOKEN])
  })

  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL')
    await server.exited
  })

  it('prints one "listening on" line with the real port and base path', () => {
    const lines = server.stdout.filter((line) => line.startsWith('listening on '))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^listening on http:\/\/127\.0\.0\.1:[1-9]\d*\/data$/)
  })

  it('answers the seed examples on a public CSV resource by GET and POST', async () => {
    const byGet = await fetch(`${server.origin}/data/api/action/datastore_search?resource_id=${PUBLIC_ID}&limit=5&q=biology`)
    expect(byGet.status).toBe(200)
    const got = (await byGet.json()) as { result: { records: Array<Record<string, unknown>> } }
    expect(got.result.records.map((record) => record.stage)).toEqual(['active', 'closed'])
    const byPost = await search(server.origin, { resource_id: PUBLIC_ID, filters: { subject: 'Économie, avancée', stage: 'active' } })
    const posted = (await byPost.json()) as { result: { records: Array<Record<string, unknown>> } }
    expect(posted.result.records).toHaveLength(1)
    expect(posted.result.records[0].credits).toBe(15)
  })

  it('guards a private resource: 403 without a token or with a wrong one, 200 with the token', async () => {
    expect((await search(server.origin, { resource_id: PRIVATE_ID })).status).toBe(403)
    expect((await search(server.origin, { resource_id: PRIVATE_ID }, { Authorization: 'wrong' })).status).toBe(403)
    const granted = await search(server.origin, { resource_id: PRIVATE_ID }, { Authorization: TOKEN })
    expect(granted.status).toBe(200)
    expect(((await granted.json()) as { result: { records: unknown[] } }).result.records).toHaveLength(2)
  })

  it('logs one line per request with method, path and status, and never the token', async () => {
    await search(server.origin, { resource_id: PRIVATE_ID }, { Authorization: TOKEN })
    await fetch(`${server.origin}/data/api/action/datastore_search?resource_id=${PUBLIC_ID}&q=${TOKEN}`)
    // The tests above made 5 requests, this one 2: exactly 7 log lines.
    const logLines = (): string[] => server.stdout.filter((line) => / (GET|POST) \//.test(line))
    await expect.poll(() => logLines().length).toBe(7)
    expect(logLines().filter((line) => / POST \/data\/api\/action\/datastore_search 403 [\d.]+ms$/.test(line))).toHaveLength(2)
    expect(logLines()).toContainEqual(expect.stringMatching(/ GET \/data\/api\/action\/datastore_search\?resource_id&q 200 [\d.]+ms$/))
    expect(server.stdout.join('\n')).not.toContain(TOKEN)
  })

  it('answers 1,000 concurrent requests', async () => {
    const responses = await Promise.all(Array.from({ length: 1_000 }, (_, i) =>
      search(server.origin, { resource_id: PUBLIC_ID, limit: (i % 3) + 1 }).then(async (response) => ({
        status: response.status,
        records: ((await response.json()) as { result: { records: unknown[] } }).result.records.length,
        expected: (i % 3) + 1,
      }))))
    expect(responses.filter((response) => response.status !== 200 || response.records !== response.expected)).toEqual([])
  })

  it('stops cleanly on SIGTERM with exit code 0', async () => {
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    await expect(fetch(server.origin)).rejects.toThrow('fetch failed')
  })
})

describe('npm run api: numbers in csv and tsv records as the file wrote them', () => {
  let server: RunningServer

  beforeAll(async () => {
    const weather = join(folder, 'weather.csv')
    writeFileSync(weather, 'date,precipitation,wind\n2012-01-01,0.0,4.7\n2012-01-02,10.9,4.5\n2012-01-03,0.8,2.3\n2012-01-04,5.0,4.70\n2012-01-05,0.10,6.1\n2012-01-06,0,4.4\n')
    server = await startServer(['--resource', `weather=${weather}`])
  })

  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL')
    await server.exited
  })

  async function resultOf(body: Record<string, unknown>): Promise<{ records: unknown; total: number }> {
    const response = await search(server.origin, { resource_id: 'weather', ...body })
    expect(response.status).toBe(200)
    return ((await response.json()) as { result: { records: unknown; total: number } }).result
  }

  it('writes 0.0, 5.0 and 0.10 as loaded (as CKAN 2.11.5 does), while JSON records hold numbers', async () => {
    expect((await resultOf({ records_format: 'csv', fields: 'precipitation,wind' })).records).toBe('0.0,4.7\n10.9,4.5\n0.8,2.3\n5.0,4.70\n0.10,6.1\n0,4.4\n')
    expect((await resultOf({ records_format: 'tsv', fields: 'date,precipitation', limit: 1 })).records).toBe('2012-01-01\t0.0\n')
    expect((await resultOf({ fields: 'precipitation', limit: 2 })).records).toEqual([{ precipitation: 0 }, { precipitation: 10.9 }])
    expect((await resultOf({ records_format: 'lists', fields: 'precipitation', limit: 2, offset: 3 })).records).toEqual([[5], [0.1]])
  })

  it('still compares the numbers: a filter 0.0 or 0 finds both zeros, sorts are numeric', async () => {
    for (const zero of ['0.0', '0', 0]) {
      const found = await resultOf({ records_format: 'csv', fields: 'date,precipitation', filters: { precipitation: zero } })
      expect(found).toMatchObject({ records: '2012-01-01,0.0\n2012-01-06,0\n', total: 2 })
    }
    expect((await resultOf({ records_format: 'csv', fields: 'precipitation', sort: 'precipitation desc', limit: 4 })).records).toBe('10.9\n5.0\n0.8\n0.10\n')
    expect((await resultOf({ records_format: 'csv', fields: 'wind', distinct: true, sort: 'wind' })).records).toBe('2.3\n4.4\n4.5\n4.7\n6.1\n')
  })
})

describe('npm run api start-up failures', () => {
  it('stops with exit code 1 and names the file and line of a malformed CSV', async () => {
    const broken = join(folder, 'broken.csv')
    writeFileSync(broken, 'a,b\n1,2\n3,"unclosed\n5,6\n')
    const result = await runToExit(['--port', '0', '--resource', `x=${broken}`])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`error: ${broken}: line 3: a quoted value is never closed`)
    expect(result.stdout).not.toContain('listening on')
  })

  it('stops with exit code 1 when a file cannot be read', async () => {
    const missing = join(folder, 'missing.json')
    const result = await runToExit(['--port', '0', '--resource', `x=${missing}`])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`error: ${missing}: cannot read the file (no such file)`)
  })

  it('stops with exit code 2 and a clear message on a bad option', async () => {
    const result = await runToExit(['--port', 'eighty'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('error: --port eighty: expected a number from 0 to 65535')
  })

  it('prints the usage with --help', async () => {
    const result = await runToExit(['--help'])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('--resource ID=FILE')
  })
})
