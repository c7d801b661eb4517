import { describe, expect, it } from 'vitest'
import type { FromSqlWorker, ToSqlWorker } from '../demo/sql-protocol.ts'
import { engineStarting } from './engine-start.ts'
import { createSqlWorkerTransport, type SqlWorkerLike } from './sql-worker-transport.ts'
import { TransportError, type TransferProgress } from './transport.ts'

/** A stand-in worker: records what it is sent, answers when the test says, and whether it was ended. */
class FakeWorker implements SqlWorkerLike {
  sent: ToSqlWorker[] = []
  terminated = false
  private listeners: ((event: Event) => void)[] = []
  postMessage(message: ToSqlWorker) {
    this.sent.push(message)
  }
  terminate() {
    this.terminated = true
  }
  addEventListener(type: 'message' | 'error', listener: (event: Event) => void) {
    if (type === 'message') this.listeners.push(listener)
  }
  reply(message: FromSqlWorker) {
    for (const listener of this.listeners) listener(new MessageEvent('message', { data: message }))
  }
  lastId(): number {
    const request = this.sent.findLast((message) => message.kind === 'request')
    if (request?.kind !== 'request') throw new Error('no request sent')
    return request.id
  }
}

const SPEC = { method: 'POST' as const, url: 'http://127.0.0.1:8800/data/api/action/datastore_search_sql', headers: [] as [string, string][], body: '{"sql":"SELECT 1"}' }

function setup() {
  const workers: FakeWorker[] = []
  const transport = createSqlWorkerTransport(() => {
    const worker = new FakeWorker()
    workers.push(worker)
    return worker
  })
  return { transport, workers }
}

describe('the demo SQL transport', () => {
  it('starts its worker on first use, hands it the added files, and answers with its response', async () => {
    const { transport, workers } = setup()
    const file = new File(['a\n1\n'], 'mine.csv')
    transport.addFile({ resourceId: 'r1', file })
    expect(workers).toHaveLength(0)
    const progress: TransferProgress[] = []
    const answer = transport.send(SPEC, { onProgress: (value) => progress.push(value) })
    const [worker] = workers
    expect(worker.sent[0]).toEqual({ kind: 'files', files: [{ resourceId: 'r1', file }] })
    const id = worker.lastId()
    worker.reply({ kind: 'progress', id, progress: { stage: 'loading', title: 'mine.csv', done: 1, total: 2 } })
    worker.reply({ kind: 'response', id, response: { status: 200, statusText: 'OK', headers: [['Content-Type', 'application/json']], body: '{"success":true}' } })
    const raw = await answer
    expect(raw).toMatchObject({ status: 200, bodyText: '{"success":true}', headers: [['content-type', 'application/json']] })
    expect(progress).toEqual([{ done: 1, total: 2, unit: 'records' }])
  })

  it('cancelling ends the worker (a running statement cannot be stopped otherwise); the next query starts a fresh one', async () => {
    const { transport, workers } = setup()
    const controller = new AbortController()
    const answer = transport.send(SPEC, { signal: controller.signal })
    controller.abort()
    await expect(answer).rejects.toMatchObject({ kind: 'aborted' })
    expect(workers[0].terminated).toBe(true)
    const again = transport.send(SPEC, {})
    expect(workers).toHaveLength(2)
    workers[1].reply({ kind: 'response', id: workers[1].lastId(), response: { status: 409, statusText: 'CONFLICT', headers: [], body: '{}' } })
    expect((await again).status).toBe(409)
  })

  it('a statement run while another loads cancels only that one: the new one goes to a fresh worker and is answered', async () => {
    const { transport, workers } = setup()
    const file = new File(['a\n1\n'], 'mine.csv')
    transport.addFile({ resourceId: 'r1', file })
    const slow = new AbortController()
    const first = transport.send(SPEC, { signal: slow.signal })
    const progress: TransferProgress[] = []
    const second = transport.send({ ...SPEC, body: '{"sql":"SELECT 2"}' }, { onProgress: (value) => progress.push(value) })
    slow.abort()
    await expect(first).rejects.toMatchObject({ kind: 'aborted' })
    expect(workers[0].terminated).toBe(true)
    expect(workers).toHaveLength(2)
    // the fresh worker has the files, then the waiting statement, as it was sent
    expect(workers[1].sent[0]).toEqual({ kind: 'files', files: [{ resourceId: 'r1', file }] })
    const resent = workers[1].sent[1]
    expect(resent).toMatchObject({ kind: 'request', request: { body: '{"sql":"SELECT 2"}' } })
    const id = workers[1].lastId()
    workers[1].reply({ kind: 'progress', id, progress: { stage: 'loading', title: 'mine.csv', done: 1, total: 2 } })
    workers[1].reply({ kind: 'response', id, response: { status: 200, statusText: 'OK', headers: [], body: '{"success":true}' } })
    expect((await second).bodyText).toBe('{"success":true}')
    expect(progress).toEqual([{ done: 1, total: 2, unit: 'records' }])
  })

  it('a failure in the worker rejects as a demo-engine failure', async () => {
    const { transport, workers } = setup()
    const answer = transport.send(SPEC, {})
    workers[0].reply({ kind: 'failed', id: workers[0].lastId(), message: 'The SQL engine could not answer: boom' })
    const error = await answer.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(TransportError)
    expect(error).toMatchObject({ kind: 'demo-engine', message: 'The SQL engine could not answer: boom' })
  })

  it('a warm-up is an engine start until the worker says it is over, one for each warm; stopping the worker ends them', () => {
    const { transport, workers } = setup()
    transport.warm('courses')
    transport.warm('courses')
    const [worker] = workers
    expect(worker.sent).toEqual([{ kind: 'warm', resourceId: 'courses' }, { kind: 'warm', resourceId: 'courses' }])
    expect(engineStarting()).toBe(true)
    worker.reply({ kind: 'warmed' })
    expect(engineStarting()).toBe(true)
    worker.reply({ kind: 'warmed' })
    expect(engineStarting()).toBe(false)
    // a 'warmed' with no warm-up waiting ends nothing, not the next warm-up
    worker.reply({ kind: 'warmed' })
    transport.warm()
    expect(engineStarting()).toBe(true)
    transport.terminate()
    expect(engineStarting()).toBe(false)
  })
})
