import { describe, expect, it } from 'vitest'
import type { HttpRequestSpec } from '../query/request-builder.ts'
import type { TransferProgress } from './transport.ts'
import { createWorkerTransport, type DemoRequestClient } from './worker-transport.ts'
import { failureOf } from './test-support/failure-of.ts'

const notSummarizing = (): never => {
  throw new Error('not asked for in this test')
}

const spec: HttpRequestSpec = { method: 'POST', url: 'http://127.0.0.1:8800/data/api/action/datastore_search', headers: [['Content-Type', 'application/json']], body: '{}' }

describe('worker transport', () => {
  it('hands the same request to the demo client and returns its answer as a raw response, with build progress', async () => {
    const asked: unknown[] = []
    const client: DemoRequestClient = {
      summarize: notSummarizing,
      summarizeRecords: notSummarizing,
      group: notSummarizing,
      groupRecords: notSummarizing,
      read: notSummarizing,
      async request(request, options) {
        asked.push(request)
        options?.onProgress?.({ resourceId: 'big', title: 'Big', done: 500_000, total: 1_000_000 })
        return { status: 200, statusText: 'OK', headers: [['Content-Type', 'application/json']], body: '{"success":true}' }
      },
    }
    const progress: TransferProgress[] = []
    const response = await createWorkerTransport(client).send(spec, { onProgress: (p) => progress.push(p) })
    expect(asked).toEqual([spec])
    expect(response).toMatchObject({ status: 200, statusText: 'OK', headers: [['content-type', 'application/json']], bodyText: '{"success":true}' })
    expect(progress).toEqual([{ done: 500_000, total: 1_000_000, unit: 'records' }])
  })

  it('reports a cancel as a cancel', async () => {
    const controller = new AbortController()
    const client: DemoRequestClient = {
      summarize: notSummarizing,
      summarizeRecords: notSummarizing,
      group: notSummarizing,
      groupRecords: notSummarizing,
      read: notSummarizing,
      request: (_request, options) => new Promise((_resolve, reject) => options?.signal?.addEventListener('abort', () => reject(new Error('AbortError')))),
    }
    const running = createWorkerTransport(client).send(spec, { signal: controller.signal })
    controller.abort()
    expect((await failureOf(running)).kind).toBe('aborted')
  })

  it('reports a crashed worker as a demo engine failure with its message', async () => {
    const client: DemoRequestClient = { summarize: notSummarizing, summarizeRecords: notSummarizing,
      group: notSummarizing,
      groupRecords: notSummarizing,
      read: notSummarizing, request: () => Promise.reject(new Error('The demo worker stopped (out of memory).')) }
    const failure = await failureOf(createWorkerTransport(client).send(spec, {}))
    expect(failure).toMatchObject({ kind: 'demo-engine', message: 'The demo worker stopped (out of memory).' })
  })
})
