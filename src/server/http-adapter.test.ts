import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createRequestListener, requestUrl, type FetchHandler } from './http-adapter.ts'

interface Done {
  method: string
  rawUrl: string
  status: number | 'aborted'
}

let server: Server | undefined

async function serve(handler: FetchHandler, maxBodyBytes?: number): Promise<{ origin: string; done: Done[] }> {
  const done: Done[] = []
  let origin = ''
  server = createServer(createRequestListener(handler, {
    basePath: '/data',
    origin: () => origin,
    maxBodyBytes,
    onDone: (method, rawUrl, status) => done.push({ method, rawUrl, status }),
  }))
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { origin, done }
}

afterEach(async () => {
  if (server) await new Promise((resolve) => server?.close(resolve))
  server = undefined
})

describe('node:http adapter', () => {
  it('hands the handler a web Request with method, URL, headers and body, and sends its Response back', async () => {
    const { origin, done } = await serve(async (request) => {
      const echo = { method: request.method, url: request.url, auth: request.headers.get('authorization'), body: await request.text() }
      return new Response(JSON.stringify(echo), { status: 201, headers: { 'x-test': 'yes', 'content-type': 'application/json' } })
    })
    const response = await fetch(`${origin}/data/api?x=1`, { method: 'POST', headers: { Authorization: 'tok' }, body: '{"a":1}' })
    expect(response.status).toBe(201)
    expect(response.headers.get('x-test')).toBe('yes')
    expect(await response.json()).toEqual({ method: 'POST', url: `${origin}/data/api?x=1`, auth: 'tok', body: '{"a":1}' })
    expect(done).toEqual([{ method: 'POST', rawUrl: '/data/api?x=1', status: 201 }])
  })

  it('streams a large response body', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
    const { origin } = await serve(async () => new Response(new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 200; i++) controller.enqueue(chunk)
        controller.close()
      },
    })))
    expect((await (await fetch(origin)).arrayBuffer()).byteLength).toBe(200 * chunk.byteLength)
  })

  it('answers a body over the limit with a 413 envelope (with CORS) without calling the handler', async () => {
    let called = false
    const { origin } = await serve(async () => {
      called = true
      return new Response('{}')
    }, 1_000)
    const response = await fetch(`${origin}/data/api/action/datastore_search`, { method: 'POST', body: 'x'.repeat(5_000) })
    expect(response.status).toBe(413)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(await response.json()).toMatchObject({ success: false, error: { __type: 'Request Too Large' } })
    expect(called).toBe(false)
  })

  it('turns a handler that throws into a 500 envelope', async () => {
    const { origin } = await serve(async () => {
      throw new Error('boom')
    })
    const response = await fetch(origin)
    expect(response.status).toBe(500)
    expect(await response.json()).toMatchObject({ success: false, error: { __type: 'Internal Server Error', message: 'Internal Server Error' } })
  })

  it('answers TRACE, which a web Request cannot carry, with a 405 envelope (found by the fuzz test: it was a 500)', async () => {
    let called = false
    const { origin } = await serve(async () => {
      called = true
      return new Response('{}')
    })
    const answer = await new Promise<{ status?: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const request = httpRequest(`${origin}/data/api/action/datastore_search`, { method: 'TRACE' }, (response) => {
        let body = ''
        response.setEncoding('utf8').on('data', (text: string) => (body += text))
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body }))
      })
      request.on('error', reject)
      request.end()
    })
    expect(answer.status).toBe(405)
    expect(answer.headers['access-control-allow-origin']).toBe('*')
    expect(answer.headers.allow).toBe('GET, POST, OPTIONS')
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, error: { __type: 'Method Not Allowed' } })
    expect(called).toBe(false)
  })

  it('survives a client that hangs up halfway through sending its body', async () => {
    let called = false
    const { origin, done } = await serve(async () => {
      called = true
      return new Response('{}')
    })
    const request = httpRequest(`${origin}/data/api/action/datastore_search`, { method: 'POST', headers: { 'content-length': '1000' } })
    request.on('error', () => undefined)
    request.write('{"resource_id": ')
    await new Promise((resolve) => setTimeout(resolve, 50))
    request.destroy()
    await expect.poll(() => done.length).toBe(1)
    expect(done[0].status).toBe('aborted')
    expect(called).toBe(false)
    expect(await (await fetch(origin)).text()).toBe('{}')
  })

  it('survives a client that disconnects mid-response, logs it as aborted, and keeps serving', async () => {
    let cancelled = false
    const { origin, done } = await serve(async (request) => {
      if (new URL(request.url).pathname === '/ok') return new Response('ok')
      return new Response(new ReadableStream<Uint8Array>({
        pull: async (controller) => {
          await new Promise((resolve) => setTimeout(resolve, 5))
          controller.enqueue(new Uint8Array(16 * 1024))
        },
        cancel: () => {
          cancelled = true
        },
      }))
    })
    await new Promise<void>((resolve) => {
      const request = httpRequest(`${origin}/endless`, (response) => {
        response.once('data', () => {
          request.destroy()
          resolve()
        })
      })
      request.end()
    })
    await expect.poll(() => cancelled).toBe(true)
    await expect.poll(() => done.find((entry) => entry.rawUrl === '/endless')?.status).toBe('aborted')
    expect(await (await fetch(`${origin}/ok`)).text()).toBe('ok')
  })

  it('builds request URLs on the server\'s own origin whatever the target names', () => {
    const origin = 'https://data.example.org'
    expect(requestUrl({ url: '/data/api/action/datastore_search?q=1' }, origin)).toBe('https://data.example.org/data/api/action/datastore_search?q=1')
    expect(new URL(requestUrl({ url: '//evil.example/data/api' }, origin)).host).toBe('data.example.org')
    expect(requestUrl({ url: 'http://evil.example/data/api?x=1' }, origin)).toBe('https://data.example.org/data/api?x=1')
    expect(new URL(requestUrl({ url: '*' }, origin)).host).toBe('data.example.org')
  })
})
