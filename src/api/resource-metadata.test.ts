import { describe, expect, it } from 'vitest'
import type { HttpRequestSpec } from '../query/request-builder.ts'
import { datastoreInfoOptions, fetchFieldLabels } from './datastore-info.ts'
import { fieldLabelOf, labelsOfFields, withLabels, type MetadataDeps, type ResourceTarget } from './resource-metadata.ts'
import { fetchResourceSummary, resourceShowOptions } from './resource-show.ts'
import { TransportError, type RawResponse, type Transport } from './transport.ts'

const target: ResourceTarget = { source: 'live', baseUrl: 'https://open.canada.ca/data/en', resourceId: 'abc' }
const reply = (status: number, body: unknown): RawResponse => ({ status, statusText: '', headers: [], bodyText: typeof body === 'string' ? body : JSON.stringify(body), elapsedMs: 1 })

function answering(answer: (spec: HttpRequestSpec) => RawResponse | Promise<RawResponse>, token?: string) {
  const sent: HttpRequestSpec[] = []
  const transport: Transport = {
    async send(spec) {
      sent.push(spec)
      return answer(spec)
    },
  }
  const deps: MetadataDeps = { transports: { live: transport, demo: transport }, ...(token === undefined ? {} : { token }) }
  return { deps, sent }
}

describe('resource_show', () => {
  it('asks by GET under the base URL with the token, and reads the name and description', async () => {
    const { deps, sent } = answering(() => reply(200, { success: true, result: { id: 'abc', name: ' Water quality ', description: 'Monthly samples', format: 'CSV' } }), 'secret')
    expect(await fetchResourceSummary(target, deps)).toEqual({ name: 'Water quality', description: 'Monthly samples' })
    expect(sent).toEqual([{ method: 'GET', url: 'https://open.canada.ca/data/en/api/action/resource_show?id=abc', headers: [['Authorization', 'secret']] }])
  })

  it.each([
    ['not found', () => reply(404, { success: false, error: { __type: 'Not Found Error' } })],
    ['forbidden', () => reply(403, { success: false, error: { __type: 'Authorization Error' } })],
    ['conflict', () => reply(409, { success: false, error: {} })],
    ['a web page', () => reply(200, '<html><body>Portal</body></html>')],
    ['no name', () => reply(200, { success: true, result: { id: 'abc', name: '' } })],
    ['its id as its name', () => reply(200, { success: true, result: { id: 'abc', name: 'abc' } })],
    ['CORS or a dead server', () => Promise.reject(new TransportError('network', 'Failed to fetch'))],
    ['an answer far too big to be metadata', () => reply(200, { success: true, result: { name: 'x', padding: 'y'.repeat(2_000_000) } })],
  ])('%s: no summary and no error', async (_case, answer) => {
    const { deps } = answering(answer)
    expect(await fetchResourceSummary(target, deps)).toBeNull()
  })

  it('asks the transport to stop reading past the metadata size limit (a server answering megabytes is not read whole)', async () => {
    const limits: (number | undefined)[] = []
    const transport: Transport = {
      send: async (_spec, options) => {
        limits.push(options.maxBytes)
        throw new TransportError('too-large', 'too large', { limitBytes: options.maxBytes })
      },
    }
    expect(await fetchResourceSummary(target, { transports: { live: transport, demo: transport } })).toBeNull()
    expect(limits).toEqual([2_000_000])
  })

  it('fails when cancelled, so a cancelled answer is never cached as absent', async () => {
    const controller = new AbortController()
    controller.abort()
    const { deps } = answering(() => Promise.reject(new TransportError('aborted', 'cancelled')))
    await expect(fetchResourceSummary(target, deps, controller.signal)).rejects.toThrow('cancelled')
  })

  it('keys hold the resource and a token fingerprint, never the token', () => {
    const key = JSON.stringify(resourceShowOptions(target, answering(() => reply(200, {}), 'very-secret-token').deps).queryKey)
    expect(key).toContain('open.canada.ca/data/en')
    expect(key).not.toContain('very-secret-token')
    expect(JSON.stringify(datastoreInfoOptions(target, answering(() => reply(200, {}), 'very-secret-token').deps).queryKey)).not.toContain('very-secret-token')
  })
})

describe('datastore_info', () => {
  it('reads the data dictionary of every field that has one', async () => {
    const fields = [
      { id: 'site', type: 'text', info: { label: 'Sampling site', notes: 'Where the sample was taken', type_override: '' } },
      { id: 'year', type: 'int4', info: { label: '', notes: '' } },
      { id: 'ph', type: 'numeric' },
    ]
    const { deps, sent } = answering(() => reply(200, { success: true, result: { meta: { count: 3 }, fields } }))
    expect(await fetchFieldLabels(target, deps)).toEqual({ site: { label: 'Sampling site', notes: 'Where the sample was taken' } })
    expect(sent[0]?.url).toBe('https://open.canada.ca/data/en/api/action/datastore_info?id=abc')
  })

  it('is absent when the server has no such action', async () => {
    const { deps } = answering(() => reply(400, '"Bad request - Action name not known: datastore_info"'))
    expect(await fetchFieldLabels(target, deps)).toBeNull()
  })
})

describe('labels', () => {
  it('take text only, and a field named __proto__ is an ordinary key', () => {
    expect(fieldLabelOf({ label: 5, notes: ['x'] })).toBeUndefined()
    expect(fieldLabelOf({ notes: 'only notes' })).toEqual({ notes: 'only notes' })
    const labels = labelsOfFields([{ id: '__proto__', info: { label: 'Odd' } }, { id: 'a', info: { label: 'A' } }, { id: 'a', info: { label: 'again' } }, 'junk'])
    expect(Object.keys(labels)).toEqual(['__proto__', 'a'])
    expect(labels.a).toEqual({ label: 'A' })
    expect(Object.getPrototypeOf(labels)).toBe(Object.prototype)
  })
})

describe('withLabels', () => {
  it('attaches a label and description to the fields that have one and leaves the others as they are', () => {
    const fields = [{ id: 'site', type: 'text' }, { id: 'status', type: 'text' }]
    const labelled = withLabels(fields, new Map([['site', { label: 'Sampling site', notes: 'Where' }]]))
    expect(labelled).toEqual([{ id: 'site', type: 'text', label: 'Sampling site', notes: 'Where' }, { id: 'status', type: 'text' }])
    expect(labelled[1]).toBe(fields[1])
  })

  it('gives back the very list when no field has a label (the grid keeps its layout)', () => {
    const fields = [{ id: 'site', type: 'text' }]
    expect(withLabels(fields, new Map())).toBe(fields)
    expect(withLabels(fields, new Map([['other', { label: 'Other' }]]))).toBe(fields)
  })
})
