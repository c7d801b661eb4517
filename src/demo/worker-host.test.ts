// The demo engine as the worker runs it (createDemoWorkerHost), driven through the real client over
// an in-memory channel instead of a Worker thread.
import { describe, expect, it } from 'vitest'
import { COURSES_RESOURCE_ID, DEMO_BASE_URL, DEMO_RESOURCES, LARGE_RESOURCE_ID } from './metadata.ts'
import type { FromWorker, LoadProgress, SerializedRequest, ToWorker } from './protocol.ts'
import { createDemoWorkerClient, type WorkerLike } from './worker-client.ts'
import { Catalog } from '../engine/index.ts'
import { createDemoWorkerHost, createWorkerHost, IDLE_AFTER_ANSWER_MS } from './worker-host.ts'

class InMemoryWorker extends EventTarget implements WorkerLike {
  private readonly host = createDemoWorkerHost((message: FromWorker) => {
    setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: message })), 0)
  }, { largeRecordCount: 120_000 })
  postMessage(message: ToWorker): void {
    setTimeout(() => this.host.receive(message), 0)
  }
  terminate(): void {}
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const SEARCH_URL = `${DEMO_BASE_URL}/api/action/datastore_search`

function post(body: unknown): SerializedRequest {
  return { method: 'POST', url: SEARCH_URL, headers: [['content-type', 'application/json']], body: JSON.stringify(body) }
}

interface Envelope {
  success: boolean
  result: { records: Array<Record<string, unknown>>; fields: Array<{ id: string }> }
}

describe('demo engine in the worker host', () => {
  it('answers the seed example on the courses resource, by POST and by GET', async () => {
    const client = createDemoWorkerClient(() => new InMemoryWorker())
    const byPost = await client.request(post({ resource_id: COURSES_RESOURCE_ID, filters: { subject: 'Biology', stage: 'active' }, limit: 5 }))
    expect(byPost.status).toBe(200)
    expect(byPost.headers).toContainEqual(['content-type', expect.stringContaining('application/json')])
    const records = (JSON.parse(byPost.body) as Envelope).result.records
    expect(records.length).toBeGreaterThan(0)
    expect(records.length).toBeLessThanOrEqual(5)
    for (const record of records) expect(record).toMatchObject({ subject: 'Biology', stage: 'active' })
    const byGet = await client.request({ method: 'GET', url: `${SEARCH_URL}?resource_id=courses&q=biology&limit=5`, headers: [] })
    expect((JSON.parse(byGet.body) as Envelope).result.records).toHaveLength(5)
  })

  it('lists the demo resources with their titles', async () => {
    const client = createDemoWorkerClient(() => new InMemoryWorker())
    const resources = await client.listResources()
    expect(resources.map((resource) => [resource.id, resource.title])).toEqual(DEMO_RESOURCES.map((info) => [info.id, info.title]))
    expect(resources.every((resource) => !resource.isPrivate && !resource.loaded)).toBe(true)
  })

  it('adds a user file as a new resource with a fresh UUID that is listed and queryable', async () => {
    const client = createDemoWorkerClient(() => new InMemoryWorker())
    const progress: LoadProgress[] = []
    const file = new File(['city,population\nZürich,421878\n東京,13960000\n'], 'cities.csv', { type: 'text/csv' })
    const added = await client.addFile(file, { onProgress: (report) => progress.push(report) })
    expect(added).toMatchObject({ title: 'cities.csv', loaded: true, size: 2 })
    expect(added.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(progress.at(-1)).toMatchObject({ resourceId: added.id, done: file.size, total: file.size, unit: 'bytes' })
    expect((await client.listResources()).map((resource) => resource.id)).toContain(added.id)
    const answer = JSON.parse((await client.request(post({ resource_id: added.id, q: '東京' }))).body) as Envelope
    expect(answer.result.records).toMatchObject([{ city: '東京', population: 13960000 }])
  })

  it('rejects a broken file with the message that names the line', async () => {
    const client = createDemoWorkerClient(() => new InMemoryWorker())
    await expect(client.addFile(new File(['a,b\n1,2,3\n'], 'bad.csv'))).rejects.toThrow('bad.csv: line 2: 3 values, but the header has 2 columns')
  })

  it('reports progress while the generated resource builds, and a cancelled request does not block others', async () => {
    const client = createDemoWorkerClient(() => new InMemoryWorker())
    const progress: LoadProgress[] = []
    const controller = new AbortController()
    const cancelled = client.request(post({ resource_id: LARGE_RESOURCE_ID, limit: 1 }), { signal: controller.signal })
    const waiting = client.request(post({ resource_id: LARGE_RESOURCE_ID, q: 'peacock' }), { onProgress: (report) => progress.push(report) })
    controller.abort()
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' })
    const courses = await client.request(post({ resource_id: COURSES_RESOURCE_ID, limit: 1 }))
    expect(courses.status).toBe(200)
    const answer = JSON.parse((await waiting).body) as Envelope
    expect(answer.result.records).toHaveLength(1)
    expect(progress.length).toBeGreaterThan(1)
    expect(progress.every((report) => report.resourceId === LARGE_RESOURCE_ID && report.unit === 'records' && report.total === 120_000 && report.done <= report.total)).toBe(true)
    expect(progress.at(-1)?.title).toBe('Service requests, 1,000,000 records')
  })

  it('a large file is queryable from its first chunk: the answer then says its total is estimated, and exact once read; a failed file leaves the list', async () => {
    const client = createDemoWorkerClient(() => new InMemoryWorker())
    const rows = Array.from({ length: 150_000 }, (_, i) => `${i},${i % 2 === 0 ? 'even' : 'odd'}`)
    const file = new File([`n,kind\n${rows.join('\n')}\n`], 'big.csv', { type: 'text/csv' })
    let early: Promise<{ result: { total: number; total_was_estimated: boolean; records: unknown[] } }> | undefined
    const added = await client.addFile(file, {
      onProgress: (report) => {
        if (report.queryable) early ??= client.request(post({ resource_id: report.resourceId, q: 'even', limit: 3 })).then((answer) => JSON.parse(answer.body))
      },
    })
    const first = await early
    expect(first?.result).toMatchObject({ records: [{ n: 0 }, { n: 2 }, { n: 4 }], total_was_estimated: true })
    const late = JSON.parse((await client.request(post({ resource_id: added.id, q: 'even', limit: 3 }))).body) as { result: { total: number; total_was_estimated: boolean } }
    expect(late.result).toMatchObject({ total: 75_000, total_was_estimated: false })

    const broken = new File([`n,kind\n${rows.join('\n')}\n1,2,3\n`], 'broken.csv', { type: 'text/csv' })
    await expect(client.addFile(broken)).rejects.toThrow('broken.csv: line 150002: 3 values, but the header has 2 columns')
    expect((await client.listResources()).map((resource) => resource.title)).not.toContain('broken.csv')
  })

  it('lets idle work wait while a request is under way, and go on once none is', async () => {
    let release: (() => void) | undefined
    const handler = () => new Promise<Response>((resolve) => (release = () => resolve(new Response('{}'))))
    const answered: number[] = []
    const host = createWorkerHost({ catalog: new Catalog(), handler, post: (message) => void answered.push(message.id) })
    const steps: string[] = []
    const idleWork = (async () => {
      await host.idle()
      steps.push('idle step')
    })()
    host.receive({ kind: 'request', id: 7, request: post({ resource_id: 'any' }) })
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 0))
    // the request started before the idle step's turn came: the step waits for its answer
    expect([steps, answered]).toEqual([[], []])
    release?.()
    await idleWork
    expect([steps, answered]).toEqual([['idle step'], [7]])
  })

  it("keeps idle work off for a while after an answer, so that the page's next request finds the thread free", async () => {
    let release: (() => void) | undefined
    const handler = () => new Promise<Response>((resolve) => (release = () => resolve(new Response('{}'))))
    const host = createWorkerHost({ catalog: new Catalog(), handler, post: () => {} })
    host.receive({ kind: 'request', id: 1, request: post({ resource_id: 'any' }) })
    release?.()
    await sleep(0)
    const answeredAt = performance.now()
    let resumedAt = Number.NaN
    const idleWork = host.idle().then(() => (resumedAt = performance.now()))
    // a second request comes half way through the quiet period and is answered at once: the quiet
    // period starts again from its answer
    await sleep(IDLE_AFTER_ANSWER_MS / 2)
    expect(resumedAt).toBeNaN()
    host.receive({ kind: 'request', id: 2, request: post({ resource_id: 'any' }) })
    release?.()
    await sleep(0)
    const secondAnsweredAt = performance.now()
    await idleWork
    expect(resumedAt - answeredAt).toBeGreaterThanOrEqual(IDLE_AFTER_ANSWER_MS * 1.5 - 5)
    expect(resumedAt - secondAnsweredAt).toBeGreaterThanOrEqual(IDLE_AFTER_ANSWER_MS - 5)
  })
})
