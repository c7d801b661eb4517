// `npm run api` driven by a CKAN client written elsewhere: OKFN's ckan.js (npm `ckan`), which POSTs
// JSON to `{endpoint}/api/3/action/<name>` and sends the token as `X-CKAN-API-KEY`. Its answers are
// checked against our own requests to the same real server process, at `--base-path /data/en` and
// at the site root.

import CKAN from 'ckan'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COURSES_RESOURCE_ID, LARGE_RESOURCE_ID, VARIED_RESOURCE_ID } from '../demo/metadata.ts'
import { startServer, type RunningServer } from './test-support/server-process.ts'

const TOKEN = 'ckan-js-token-7'

type Call<T> = (callback: (error: unknown, result: T) => void) => void

function promised<T>(call: Call<T>): Promise<T> {
  return new Promise((resolve, reject) => call((error, result) => (error ? reject(new Error(String(error))) : resolve(result))))
}

interface Envelope {
  success: boolean
  result: Record<string, unknown> & { records: Record<string, unknown>[]; fields: { id: string; type: string; info?: unknown }[] }
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Envelope }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Envelope }
}

async function resourceNames(client: InstanceType<typeof CKAN.Client>): Promise<unknown[]> {
  const answer = (await promised<unknown>((callback) => client.datastoreResources(callback))) as Envelope
  expect(answer.success).toBe(true)
  return answer.result.records.map((record) => record['name'])
}

describe('ckan.js against npm run api --base-path /data/en', () => {
  let server: RunningServer
  let base: string

  beforeAll(async () => {
    server = await startServer(['--base-path', '/data/en', '--private', 'courses', '--token', TOKEN])
    base = `${server.origin}/data/en`
  })

  afterAll(async () => {
    server.child.kill('SIGTERM')
    await server.exited
  })

  it('prints the base URL a client needs', () => {
    expect(server.stdout[0]).toBe(`listening on ${server.origin}/data/en`)
  })

  it('datastoreQuery: limit, offset, sort and a term filter give what our own request gives', async () => {
    const client = new CKAN.Client(base)
    const query = { resource_id: VARIED_RESOURCE_ID, size: 4, from: 2, sort: [{ field: 'count', order: 'desc' as const }], filters: [{ type: 'term' as const, field: 'verified', term: true }] }
    const answer = await promised<ReclineAnswer>((callback) => client.datastoreQuery(query, callback))
    const own = await post(`${base}/api/action/datastore_search`, { resource_id: 'varied-types', limit: 4, offset: 2, sort: 'count desc', filters: { verified: true } })
    expect(own.status).toBe(200)
    expect(answer.total).toBe(own.body.result['total'])
    expect(answer.hits).toEqual(own.body.result.records)
    expect(answer.hits).toHaveLength(4)
    // ckan.js renames CKAN's types to JSON Table Schema's, and keeps the data dictionary
    expect(answer.fields.find((field) => field.id === 'count')).toEqual({ id: 'count', type: 'integer', info: { label: 'Count', notes: 'A 32-bit integer.' } })
  })

  it('datastoreResources lists what the caller may read: the private resource only with the key', async () => {
    expect(await resourceNames(new CKAN.Client(base))).toEqual([VARIED_RESOURCE_ID, LARGE_RESOURCE_ID])
    expect(await resourceNames(new CKAN.Client(base, TOKEN))).toEqual([COURSES_RESOURCE_ID, VARIED_RESOURCE_ID, LARGE_RESOURCE_ID])
  })

  it('an authenticated action reads the private resource; without the key it is a 403', async () => {
    const client = new CKAN.Client(base, TOKEN)
    const answer = (await promised<unknown>((callback) => client.action('datastore_search', { resource_id: 'courses', limit: 2, records_format: 'lists', fields: ['_id', 'code'] }, callback))) as Envelope
    expect(answer.result.records).toEqual([[1, expect.stringMatching(/^[A-Z]{3}-100$/)], [2, expect.stringMatching(/^[A-Z]{3}-101$/)]])
    const anonymous = new CKAN.Client(base)
    await expect(promised((callback) => anonymous.action('datastore_search', { resource_id: 'courses' }, callback))).rejects.toThrow(/HTTP code 403/)
  })

  it('resource_show and datastore_info through action, with the key', async () => {
    const client = new CKAN.Client(base, TOKEN)
    const shown = (await promised<unknown>((callback) => client.action('resource_show', { id: COURSES_RESOURCE_ID }, callback))) as Envelope
    expect(shown.result).toMatchObject({ id: COURSES_RESOURCE_ID, name: 'Courses', datastore_active: true })
    const info = (await promised<unknown>((callback) => client.action('datastore_info', { id: 'courses' }, callback))) as Envelope
    expect(info.result['meta']).toMatchObject({ id: COURSES_RESOURCE_ID, count: 120 })
    expect(info.result.fields[0]).toEqual({ id: 'code', type: 'text', info: { label: 'Course code', notes: expect.any(String) } })
  })

  it('our own requests: the new parameters over GET and POST', async () => {
    const csv = await fetch(`${base}/api/3/action/datastore_search?resource_id=courses&fields=stage&distinct=true&sort=stage&records_format=csv`, { headers: { authorization: TOKEN } })
    const body = (await csv.json()) as Envelope & { help: string }
    expect(body.result['records']).toBe('active\narchived\nclosed\ndraft\npending\n')
    expect(body.result['total']).toBe(5)
    expect(body.help).toBe(`${base}/api/3/action/help_show?name=datastore_search`)
    expect(body.result['_links']).toEqual({
      start: '/data/en/api/3/action/datastore_search?resource_id=courses&fields=stage&distinct=true&sort=stage&records_format=csv',
      next: '/data/en/api/3/action/datastore_search?resource_id=courses&fields=stage&distinct=true&sort=stage&records_format=csv&offset=100',
    })
    const tsv = await post(`${base}/api/action/datastore_search`, { resource_id: 'courses', full_text: 'biology', q: { stage: 'act' }, records_format: 'tsv', fields: 'subject,stage', limit: 1, total_estimation_threshold: 10 }, { 'x-ckan-api-key': TOKEN })
    expect(tsv.body.result).toMatchObject({ records: 'Biology\tactive\n', total_estimation_threshold: 10, total_was_estimated: false })
    const bad = await post(`${base}/api/action/datastore_search`, { resource_id: 'varied-types', records_format: 'xml', total_estimation_threshold: 'many' })
    expect(bad.status).toBe(409)
    expect(bad.body).toMatchObject({ error: { records_format: [expect.stringContaining("'lists'")], total_estimation_threshold: ['Invalid integer'] } })
  })
})

describe('ckan.js against npm run api --base-path / (the site root)', () => {
  let server: RunningServer

  beforeAll(async () => {
    server = await startServer(['--base-path', '/'])
  })

  afterAll(async () => {
    server.child.kill('SIGTERM')
    await server.exited
  })

  it('prints the origin alone and answers at /api/3/action', async () => {
    expect(server.stdout[0]).toBe(`listening on ${server.origin}`)
    const client = new CKAN.Client(server.origin)
    const answer = await promised<ReclineAnswer>((callback) => client.datastoreQuery({ resource_id: 'courses', size: 3 }, callback))
    expect(answer.total).toBe(120)
    expect(answer.hits.map((hit) => hit['_id'])).toEqual([1, 2, 3])
    const help = ((await (await fetch(`${server.origin}/api/action/resource_show?id=courses`)).json()) as { help: string }).help
    expect(help).toBe(`${server.origin}/api/3/action/help_show?name=resource_show`)
  })
})

type ReclineAnswer = { total: number; fields: { id: string; type: string; info?: unknown }[]; hits: Record<string, unknown>[] }
