// datastore_info and resource_show through the HTTP handler, at the site root and under several
// path segments: envelope, help URL, auth, 404/409, aliases, the data dictionary.

import { describe, expect, it } from 'vitest'
import { Catalog } from './catalog.ts'
import { createDatastoreHandler } from './handler.ts'
import { BOOKS_ID, books, courses, PRIVATE_ID, TOKEN } from './test-support/fixtures.ts'

const ORIGIN = 'http://127.0.0.1:8800'

function catalog(): Catalog {
  const result = new Catalog()
  result.add({
    id: BOOKS_ID,
    aliases: ['books3'],
    title: 'Books',
    description: 'Two novels',
    format: 'CSV',
    packageId: 'library',
    url: 'http://example.org/books.csv',
    dictionary: { author: { label: 'Author', notes: 'Who wrote it' } },
    load: () => books,
  })
  result.add({ id: 'courses', load: () => courses })
  result.add({ id: PRIVATE_ID, isPrivate: true, load: () => books })
  return result
}

interface Body {
  help: string
  success: boolean
  result: Record<string, unknown>
  error: Record<string, unknown>
}

async function call(basePath: string, action: string, init: { query?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; body: Body; response: Response }> {
  const handler = createDatastoreHandler({ catalog: catalog(), basePath, tokens: [TOKEN] })
  const prefix = basePath === '/' ? '' : basePath
  const url = `${ORIGIN}${prefix}/api/3/action/${action}${init.query ? `?${init.query}` : ''}`
  const request =
    init.body === undefined
      ? new Request(url, { headers: init.headers })
      : new Request(url, { method: 'POST', body: JSON.stringify(init.body), headers: { 'content-type': 'application/json', ...init.headers } })
  const response = await handler(request)
  return { status: response.status, body: (await response.json()) as Body, response }
}

describe('datastore_info', () => {
  it('gives the record count and the columns without _id, with their dictionary entries', async () => {
    const { status, body, response } = await call('/data', 'datastore_info', { body: { id: 'books3' } })
    expect(status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(body.help).toBe(`${ORIGIN}/data/api/3/action/help_show?name=datastore_info`)
    expect(body.result).toEqual({
      meta: { id: BOOKS_ID, count: 2, aliases: ['books3'], table_type: 'BASE TABLE' },
      fields: [
        { id: 'bük', type: 'text' },
        { id: 'author', type: 'text', info: { label: 'Author', notes: 'Who wrote it' } },
        { id: 'published', type: 'timestamp' },
        { id: 'rating with %', type: 'text' },
        { id: 'nested', type: 'json' },
      ],
    })
  })

  it('takes resource_id too, over GET', async () => {
    const { status, body } = await call('/', 'datastore_info', { query: 'resource_id=courses' })
    expect(status).toBe(200)
    expect((body.result['meta'] as { count: number }).count).toBe(6)
    expect(body.help).toBe(`${ORIGIN}/api/3/action/help_show?name=datastore_info`)
  })

  it('answers 409 without an id, 404 for an unknown one, 403 for a private one without its token', async () => {
    const missing = await call('/data', 'datastore_info', { body: {} })
    expect(missing.status).toBe(409)
    expect(missing.body.error).toEqual({ __type: 'Validation Error', resource_id: ['Missing value'] })
    const unknown = await call('/data', 'datastore_info', { body: { id: 'nope' } })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toEqual({ __type: 'Not Found Error', message: 'Not found: Resource/Alias "nope" was not found.' })
    expect((await call('/data', 'datastore_info', { body: { id: PRIVATE_ID } })).status).toBe(403)
    expect((await call('/data', 'datastore_info', { body: { id: PRIVATE_ID }, headers: { 'x-ckan-api-key': TOKEN } })).status).toBe(200)
  })
})

describe('resource_show', () => {
  it('describes the resource from its catalog entry', async () => {
    const { status, body } = await call('/data/en', 'resource_show', { query: `id=${BOOKS_ID}` })
    expect(status).toBe(200)
    expect(body.help).toBe(`${ORIGIN}/data/en/api/3/action/help_show?name=resource_show`)
    expect(body.result).toEqual({
      id: BOOKS_ID,
      name: 'Books',
      description: 'Two novels',
      format: 'CSV',
      datastore_active: true,
      package_id: 'library',
      url: 'http://example.org/books.csv',
    })
  })

  it('names a resource without a title by its id', async () => {
    const { body } = await call('/data', 'resource_show', { body: { id: 'courses' } })
    expect(body.result).toMatchObject({ id: 'courses', name: 'courses', description: '', datastore_active: true })
  })

  it('answers 409 without an id, 404 for an unknown one, 403 for a private one without its token', async () => {
    const missing = await call('/data', 'resource_show', { body: { resource_id: 'courses' } })
    expect(missing.status).toBe(409)
    expect(missing.body.error).toEqual({ __type: 'Validation Error', id: ['Missing value'] })
    const unknown = await call('/data', 'resource_show', { body: { id: 'nope' } })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error['message']).toBe('Not found: Resource was not found.')
    expect((await call('/data', 'resource_show', { body: { id: PRIVATE_ID }, headers: { authorization: 'wrong' } })).status).toBe(403)
    expect((await call('/data', 'resource_show', { body: { id: PRIVATE_ID }, headers: { authorization: TOKEN } })).status).toBe(200)
  })
})

describe('base paths', () => {
  it('serves every action at the site root and under several segments, on /api/action and /api/3/action', async () => {
    for (const basePath of ['/', '', '/data', '/data/en/', 'data/en']) {
      const handler = createDatastoreHandler({ catalog: catalog(), basePath, tokens: [] })
      const prefix = `/${basePath.replace(/^\/+|\/+$/g, '')}`.replace(/^\/$/, '')
      for (const action of ['datastore_search', 'datastore_info', 'resource_show']) {
        for (const api of ['/api/action/', '/api/3/action/']) {
          const response = await handler(new Request(`${ORIGIN}${prefix}${api}${action}?id=courses`))
          expect(response.status, `${basePath} ${api}${action}`).toBe(200)
        }
      }
      expect((await handler(new Request(`${ORIGIN}${prefix}/other/api/action/resource_show?id=courses`))).status).toBe(404)
    }
  })
})
