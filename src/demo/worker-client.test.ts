import { describe, expect, it } from 'vitest'
import type { FromWorker, ToWorker } from './protocol.ts'
import { createDemoWorkerClient, DemoWorkerError, type WorkerLike } from './worker-client.ts'

/** A scripted stand-in for the Worker: records what it was sent, and lets the test answer. */
class FakeWorker extends EventTarget implements WorkerLike {
  readonly sent: ToWorker[] = []
  terminated = false
  postMessage(message: ToWorker): void {
    this.sent.push(message)
  }
  terminate(): void {
    this.terminated = true
  }
  reply(message: FromWorker): void {
    this.dispatchEvent(new MessageEvent('message', { data: message }))
  }
  crash(message: string): void {
    const event = new Event('error', { cancelable: true })
    Object.defineProperty(event, 'message', { value: message })
    this.dispatchEvent(event)
  }
}

function setup() {
  const workers: FakeWorker[] = []
  const client = createDemoWorkerClient(() => {
    const worker = new FakeWorker()
    workers.push(worker)
    return worker
  })
  return { client, workers }
}

const REQUEST = { method: 'GET', url: 'http://127.0.0.1:8800/data/api/action/datastore_search?resource_id=x', headers: [] as [string, string][] }
const response = (body: string) => ({ status: 200, statusText: 'OK', headers: [['content-type', 'application/json']] as [string, string][], body })

describe('demo worker client', () => {
  it('matches answers to calls by id, whatever order they come back in', async () => {
    const { client, workers } = setup()
    const first = client.request(REQUEST)
    const second = client.request({ ...REQUEST, method: 'POST', body: '{}' })
    const [a, b] = workers[0].sent
    expect(a).toEqual({ kind: 'request', id: expect.any(Number), request: REQUEST })
    workers[0].reply({ kind: 'response', id: b.id, response: response('second') })
    workers[0].reply({ kind: 'response', id: a.id, response: response('first') })
    expect((await first).body).toBe('first')
    expect((await second).body).toBe('second')
  })

  it('cancels by signal: rejects with AbortError, tells the worker, and drops the late answer', async () => {
    const { client, workers } = setup()
    const controller = new AbortController()
    const pending = client.request(REQUEST, { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    const id = workers[0].sent[0].id
    expect(workers[0].sent[1]).toEqual({ kind: 'cancel', id })
    workers[0].reply({ kind: 'response', id, response: response('late') })
    await expect(client.request(REQUEST, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('forwards load progress to the call it belongs to', async () => {
    const { client, workers } = setup()
    const seen: number[] = []
    const pending = client.request(REQUEST, { onProgress: (progress) => seen.push(progress.done) })
    const id = workers[0].sent[0].id
    for (const done of [10, 20]) workers[0].reply({ kind: 'progress', id, progress: { resourceId: 'r', title: 'R', done, total: 20, unit: 'records' } })
    workers[0].reply({ kind: 'response', id, response: response('ok') })
    await pending
    expect(seen).toEqual([10, 20])
  })

  it('rejects with the worker\'s message when it could not answer', async () => {
    const { client, workers } = setup()
    const pending = client.addFile(new File(['x'], 'x.csv'))
    workers[0].reply({ kind: 'failed', id: workers[0].sent[0].id, message: 'x.csv: line 2: broken' })
    await expect(pending).rejects.toThrow(new DemoWorkerError('x.csv: line 2: broken'))
  })

  it('when the worker dies, rejects every pending call clearly and starts a new worker on the next call', async () => {
    const { client, workers } = setup()
    const one = client.request(REQUEST)
    const two = client.listResources()
    workers[0].crash('out of memory')
    await expect(one).rejects.toThrow(/^The demo engine stopped unexpectedly \(out of memory\)\. Run the query again/)
    await expect(two).rejects.toBeInstanceOf(DemoWorkerError)
    expect(workers[0].terminated).toBe(true)
    const three = client.listResources()
    expect(workers).toHaveLength(2)
    workers[1].reply({ kind: 'resources', id: workers[1].sent[0].id, resources: [] })
    await expect(three).resolves.toEqual([])
  })

  it('terminate rejects pending calls', async () => {
    const { client, workers } = setup()
    const pending = client.request(REQUEST)
    client.terminate()
    await expect(pending).rejects.toThrow('The demo engine was shut down.')
    expect(workers[0].terminated).toBe(true)
  })
})
