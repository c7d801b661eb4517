import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createDatastoreHandler } from '../engine/index.ts'
import { createServerCatalog } from './catalog-setup.ts'
import { createRequestListener } from './http-adapter.ts'
import { selfHost, warmRequestPath } from './warm-request.ts'

const COURSES = 'courses'
let server: Server | undefined
async function stop(): Promise<void> {
  const running = server
  server = undefined
  if (running !== undefined) await new Promise((resolve) => running.close(resolve))
}
afterEach(stop)

/** The server as main.ts makes it, on a free loopback port, recording what it answered. */
async function serve(basePath: string): Promise<{ port: number; answered: string[] }> {
  const answered: string[] = []
  const catalog = await createServerCatalog({ resources: [{ id: COURSES, file: 'e2e/fixtures/courses.csv' }], privateIds: [] })
  const handler = createDatastoreHandler({ catalog, basePath, tokens: [] })
  server = createServer(createRequestListener(handler, { basePath, origin: () => 'http://127.0.0.1', pause: async () => undefined, onDone: (method, rawUrl, status) => answered.push(`${method} ${rawUrl} ${status}`) }))
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return { port: (server.address() as AddressInfo).port, answered }
}

describe('warmRequestPath', () => {
  it('asks the server itself for a first page, which it answers through its whole request path', async () => {
    for (const basePath of ['', '/data']) {
      const { port, answered } = await serve(basePath)
      expect(await warmRequestPath('127.0.0.1', port, basePath, COURSES)).toBe(200)
      expect(answered).toEqual([`POST ${basePath}/api/3/action/datastore_search 200`])
      await stop()
    }
  })

  it('reports what a refused warm-up got (an unknown resource) rather than throwing', async () => {
    const { port } = await serve('/data')
    expect(await warmRequestPath('127.0.0.1', port, '/data', 'no-such-resource')).toBe(404)
  })

  it('reaches a server listening on every address through the loopback', () => {
    expect([selfHost('0.0.0.0'), selfHost('::'), selfHost('127.0.0.1'), selfHost('::1')]).toEqual(['127.0.0.1', '::1', '127.0.0.1', '::1'])
  })
})
