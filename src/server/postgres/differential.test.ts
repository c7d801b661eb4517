// Differential test: the same seeded random requests (the server fuzz generator: every parameter,
// errors included, hostile names and values) against the in-memory server and the PostgreSQL server
// on the same files must get the same status and the same body, byte for byte (only the port in the
// `help` URL differs, a dataset's `metadata_modified`, and `total_was_estimated` where total_estimation_threshold lets PostgreSQL estimate). Replay: DIFF_SEED=<seed> npx vitest run src/server/postgres/differential.test.ts
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestSeed, SeededRandom } from '../fuzz-random.ts'
import { fuzzRequest, type FuzzRequest, type FuzzTarget } from '../fuzz-requests.ts'
import { CSV, JSON_RECORDS, TARGET } from '../test-support/fuzz-data.ts'
import { sendRaw } from '../test-support/send-raw.ts'
import { startServer, type RunningServer } from '../test-support/server-process.ts'
import { searchRequest, type SearchTarget } from './test-support/search-requests.ts'
import { HAS_POSTGRES, startCluster, type TestCluster } from './test-support/test-cluster.ts'

const REQUESTS = Number(process.env.DIFF_REQUESTS ?? 1_200)
const CONCURRENCY = 8
const BODY_LIMIT = 10 * 1024 * 1024
const SEED = process.env.DIFF_SEED === undefined ? Math.floor(Math.random() * 2 ** 32) : Number(process.env.DIFF_SEED) >>> 0

/** Names SQL would trip on, dates, timestamps, numbers with trailing zeros, empty cells, ties and nulls for the sorts. */
const ODD_CSV = [
  'name with space,"it\'s",semi;colon,dash--dash,pct%,$dollar,(paren),day,at,code',
  ...Array.from({ length: 120 }, (_, i) => [
    `"${['Ana', 'ana', 'Ána', 'Bo_b', '50%', 'x\\y', '', 'Ω', 'DROP TABLE x; --'][i % 9]}"`,
    `${i % 5 === 0 ? '' : `it's ${i % 7}`}`,
    `${i % 4}`,
    // numbers written with trailing zeros, mixed (`0.00`, `1.250`, `2.5`): csv/tsv records keep each one's scale
    [String, (v: number) => v.toFixed(2), (v: number) => v.toFixed(3), (v: number) => v.toFixed(2)][i % 4]!((i % 6) * 1.25),
    `"${i % 3 === 0 ? '' : `${i % 10}%`}"`,
    `${i % 8 === 0 ? '' : -i}`,
    `"(${i % 2})"`,
    i % 9 === 0 ? '' : `2024-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
    i % 7 === 0 ? '' : `2023-12-${String(1 + (i % 30)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:0${i % 6}${i % 2 ? `:${String(i % 60).padStart(2, '0')}.${i % 1000}` : ''}`,
    `0${i % 4}`,
  ].join(',')),
].join('\n')

const ODD_TARGET: FuzzTarget = {
  ...TARGET,
  publicId: 'odd-names',
  publicFields: ['name with space', "it's", 'semi;colon', 'dash--dash', 'pct%', '$dollar', '(paren)', 'day', 'at', 'code'],
}

/** Each column's values, from the in-memory server's own answer. */
async function searchTarget(server: RunningServer, id: string, token?: string): Promise<SearchTarget> {
  const response = await fetch(`${server.origin}/data/api/action/datastore_search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: token }) },
    body: JSON.stringify({ resource_id: id, limit: 1000 }),
  })
  const { result } = (await response.json()) as { result: { fields: { id: string }[]; records: Record<string, unknown>[] } }
  const fields = result.fields.map((field) => field.id).filter((name) => name !== '_id')
  const values = Object.fromEntries(fields.map((name) => [name, [...new Set(result.records.map((record) => record[name]))]]))
  return { basePath: '/data', id, fields, values, token }
}

/** A Frictionless package: schema types (booleans, json, datetimes) and a data dictionary. */
const PACKAGE = {
  name: 'works',
  resources: [{
    name: 'works',
    path: 'works.csv',
    title: 'Street works',
    description: 'Works and their crews',
    schema: {
      fields: [
        { name: 'street', type: 'string', title: 'Street', description: 'Where the work is' },
        { name: 'crew', type: 'integer', title: 'Crew size' },
        { name: 'urgent', type: 'boolean' },
        { name: 'started', type: 'datetime', description: 'Local time' },
        { name: 'detail', type: 'object' },
      ],
    },
  }],
}

const PACKAGE_CSV = [
  'street,crew,urgent,started,detail',
  ...Array.from({ length: 60 }, (_, i) => [
    `"${['Main St', 'main st', 'Ærøgade', 'O\'Hara Rd', ''][i % 5]}"`,
    i % 6 === 0 ? '' : String((i * 7) % 13),
    ['true', 'false', ''][i % 3],
    i % 4 === 0 ? '' : `2024-03-${String(1 + (i % 28)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:30:00`,
    i % 5 === 0 ? '' : `"${JSON.stringify({ lane: i % 3, tags: ['a', i % 2 ? 'b' : 'c'] }).replaceAll('"', '""')}"`,
  ].join(',')),
].join('\n')

/**
 * The servers' own addresses, and a dataset's `metadata_modified` (the file's last change in memory,
 * the import's time on PostgreSQL: seconds apart here), which the catalog actions answer.
 */
function normalise(body: string, port: number): string {
  return body.replaceAll(`127.0.0.1:${port}`, '127.0.0.1:PORT').replace(/"metadata_modified":"[^"]*"/g, '"metadata_modified":"WHEN"')
}

async function ask(server: RunningServer, body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${server.origin}/data/api/action/datastore_search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return normalise(await response.text(), server.port)
}

function recordsOf(body: string): string {
  return (JSON.parse(body) as { result: { records: string } }).result.records
}

function describeRequest(index: number, fuzz: FuzzRequest): string {
  const body = fuzz.body === undefined ? '' : ` body=${JSON.stringify(Buffer.from(fuzz.body.subarray(0, 300)).toString('utf8'))}`
  return `#${index} [${fuzz.kind}] ${fuzz.method} ${fuzz.path.slice(0, 300)} headers=${JSON.stringify(fuzz.headers).slice(0, 200)}${body}`
}

describe.skipIf(!HAS_POSTGRES)('the PostgreSQL store answers exactly as the in-memory engine', () => {
  let folder: string
  let cluster: TestCluster
  let memory: RunningServer
  let postgres: RunningServer

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'pg-diff-'))
    const files = { courses: join(folder, 'courses.csv'), grades: join(folder, 'grades.json'), odd: join(folder, 'odd.csv') }
    writeFileSync(files.courses, CSV)
    writeFileSync(files.grades, JSON.stringify(JSON_RECORDS))
    writeFileSync(files.odd, ODD_CSV)
    writeFileSync(join(folder, 'works.csv'), PACKAGE_CSV)
    writeFileSync(join(folder, 'datapackage.json'), JSON.stringify(PACKAGE))
    const pairs = [[TARGET.publicId, files.courses], [TARGET.privateId, files.grades], [ODD_TARGET.publicId, files.odd], ['works', join(folder, 'datapackage.json')]]
    const access = ['--private', TARGET.privateId, '--token', TARGET.token]
    cluster = await startCluster()
    ;[memory, postgres] = await Promise.all([
      startServer([...pairs.flatMap(([id, file]) => ['--resource', `${id}=${file}`]), ...access]),
      startServer(['--database', cluster.url, ...pairs.flatMap(([id, file]) => ['--import', `${id}=${file}`]), ...access]),
    ])
  }, 120_000)

  afterAll(async () => {
    for (const server of [memory, postgres]) {
      if (server && server.child.exitCode === null) server.child.kill('SIGKILL')
      await server?.exited
    }
    cluster?.stop()
    if (folder) rmSync(folder, { recursive: true, force: true })
  })

  it('writes numeric cells in csv and tsv records with the scale they were loaded with, on both stores alike', async () => {
    const requests = [
      { resource_id: ODD_TARGET.publicId, records_format: 'csv', fields: ['dash--dash', 'semi;colon'], limit: 12 },
      { resource_id: ODD_TARGET.publicId, records_format: 'tsv', sort: 'dash--dash desc', limit: 30 },
      // each distinct value is written as its first record in the query's order wrote it
      { resource_id: ODD_TARGET.publicId, records_format: 'csv', fields: ['dash--dash'], distinct: true },
      { resource_id: ODD_TARGET.publicId, records_format: 'csv', fields: ['dash--dash'], distinct: true, sort: '$dollar' },
      { resource_id: ODD_TARGET.publicId, records_format: 'csv', filters: { 'dash--dash': '2.500' }, fields: ['dash--dash'] },
      { resource_id: TARGET.publicId, records_format: 'csv', fields: ['price'], limit: 12, offset: 4 },
    ]
    for (const request of requests) {
      const [left, right] = await Promise.all([ask(memory, request), ask(postgres, request)])
      expect({ request, body: right }).toEqual({ request, body: left })
    }
    expect(recordsOf(await ask(postgres, requests[0]!))).toBe(['0,0', '1.25,1', '2.500,2', '3.75,3', '5,0', '6.25,1', '0.000,2', '1.25,3', '2.5,0', '3.75,1', '5.000,2', '6.25,3'].map((line) => `${line}\n`).join(''))
    expect(recordsOf(await ask(memory, requests[5]!))).toBe(['-2', '0.00', '0.25', '0.50', '0.75', '1.00', '1.25', '1.50', '1.75', '2.00', '2.25', '2.50'].map((line) => `${line}\n`).join(''))
  })

  it(`gives the same status and body to ${REQUESTS} seeded random requests`, async () => {
    console.info(`differential seed ${SEED} (replay: DIFF_SEED=${SEED} npx vitest run src/server/postgres/differential.test.ts)`)
    const agents = [new Agent({ keepAlive: true, maxSockets: CONCURRENCY }), new Agent({ keepAlive: true, maxSockets: CONCURRENCY })]
    const differences: string[] = []
    const statuses = new Map<number, number>()
    const targets = await Promise.all([searchTarget(memory, TARGET.publicId), searchTarget(memory, TARGET.privateId, TARGET.token), searchTarget(memory, ODD_TARGET.publicId), searchTarget(memory, 'works')])
    let next = 0
    let compared = 0
    const worker = async (): Promise<void> => {
      while (next < REQUESTS) {
        const index = next++
        const random = new SeededRandom(requestSeed(SEED, index))
        // half valid searches on every resource, half the fuzz generator's requests (errors, hostile input)
        const fuzz = index % 2 === 0 ? searchRequest(random, targets[(index >> 1) % targets.length]!) : fuzzRequest(random, index % 4 === 1 ? TARGET : ODD_TARGET)
        if ((fuzz.body?.byteLength ?? 0) > BODY_LIMIT) continue
        const [a, b] = await Promise.all([sendRaw(memory.port, agents[0]!, fuzz, 15_000), sendRaw(postgres.port, agents[1]!, fuzz, 15_000)])
        compared++
        statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1)
        const left = normalise(a.body, memory.port)
        // the one designed difference: with total_estimation_threshold and no condition, PostgreSQL
        // gives its row estimate (exact here: the import ran ANALYZE) and says it was estimated
        const estimating = /total_estimation_threshold/.test(`${fuzz.path}${fuzz.body === undefined ? '' : Buffer.from(fuzz.body).toString('latin1')}`)
        const right = normalise(estimating ? b.body.replace('"total_was_estimated":true', '"total_was_estimated":false') : b.body, postgres.port)
        if (a.status !== b.status || left !== right) {
          differences.push(`${describeRequest(index, fuzz)}\n  memory   ${a.status} ${left.slice(0, 700)}\n  postgres ${b.status} ${right.slice(0, 700)}`)
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    for (const agent of agents) agent.destroy()
    console.info(`differential: ${compared} requests compared, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([x], [y]) => x - y)))}`)
    expect(differences.length, `seed ${SEED}: ${differences.length} different answers, the first ones:\n${differences.slice(0, 8).join('\n')}`).toBe(0)
    expect(compared).toBeGreaterThanOrEqual(1_000)
    // the comparison means little unless many requests reach the search itself
    expect(statuses.get(200) ?? 0).toBeGreaterThan(REQUESTS / 3)
  }, 600_000)
})
