import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createRequestListener } from './http-adapter.ts'
import { MAX_WAIT_MS, RequestGate } from './request-gate.ts'

/** Background steps taken while `work` runs, each awaiting the gate's turn first (like a load). */
async function stepsDuring(gate: RequestGate, work: () => Promise<void>): Promise<{ steps: number; whileUnderWay: number }> {
  const state = { running: true }
  let steps = 0
  let whileUnderWay = 0
  const background = (async () => {
    while (state.running) {
      await gate.backgroundTurn()
      steps++
      if (gate.requests() > 0) whileUnderWay++
    }
  })()
  await work()
  state.running = false
  await background
  return { steps, whileUnderWay }
}

let server: Server | undefined
afterEach(async () => {
  if (server) await new Promise((resolve) => server?.close(resolve))
  server = undefined
})

describe('the request gate', () => {
  it('gives background work turns while no request is under way', async () => {
    const gate = new RequestGate()
    const { steps, whileUnderWay } = await stepsDuring(gate, () => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(steps).toBeGreaterThan(5)
    expect(whileUnderWay).toBe(0)
  })

  it('holds background work while a request is under way, and lets it go when the request ends', async () => {
    const gate = new RequestGate()
    const { steps, whileUnderWay } = await stepsDuring(gate, async () => {
      const { leave } = gate.start()
      // several turns of the event loop, as a request's body, search and answer take
      for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve))
      leave()
      leave() // a second call changes nothing
      expect(gate.requests()).toBe(0)
      for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve))
    })
    // at most the step that was already past its wait when the request came
    expect(whileUnderWay).toBeLessThanOrEqual(1)
    expect(steps).toBeGreaterThan(whileUnderWay)
  })

  it('lets background work go after MAX_WAIT_MS even while requests keep coming', async () => {
    const gate = new RequestGate()
    const { leave } = gate.start()
    const started = performance.now()
    await gate.backgroundTurn()
    expect(performance.now() - started).toBeGreaterThanOrEqual(MAX_WAIT_MS - 1)
    expect(gate.requests()).toBe(1)
    leave()
  })

  it('lets background work go while a request waits for it, and counts the request again after', async () => {
    const gate = new RequestGate()
    const { leave, within } = gate.start()
    // a load of 20 steps, each awaiting its background turn
    const load = (async () => {
      for (let step = 0; step < 20; step++) await gate.backgroundTurn()
      return 'loaded'
    })()
    const started = performance.now()
    expect(await within(() => gate.waitForBackground(load))).toBe('loaded')
    // held by the request that waits for it, each step would wait MAX_WAIT_MS: a second in all
    expect(performance.now() - started).toBeLessThan(MAX_WAIT_MS * 5)
    expect(gate.requests()).toBe(1)
    leave()
    expect(gate.requests()).toBe(0)
  })

  it('does not count again a request that ended while it waited', async () => {
    const gate = new RequestGate()
    const { leave, within } = gate.start()
    const end: { finish?: () => void } = {}
    const waited = within(() => gate.waitForBackground(new Promise<void>((resolve) => (end.finish = resolve))))
    expect(gate.requests()).toBe(0)
    leave()
    end.finish?.()
    await waited
    expect(gate.requests()).toBe(0)
    // and a wait outside any request is the load itself, counting nothing
    await gate.waitForBackground(Promise.resolve())
    expect(gate.requests()).toBe(0)
  })

  it('counts each HTTP request from its start to its end through the adapter', async () => {
    const gate = new RequestGate()
    let seenUnderWay = -1
    let origin = ''
    server = createServer(createRequestListener(async () => {
      seenUnderWay = gate.requests()
      return new Response('ok')
    }, { basePath: '', origin: () => origin, gate }))
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const { steps, whileUnderWay } = await stepsDuring(gate, async () => {
      for (let request = 0; request < 5; request++) expect(await (await fetch(`${origin}/x`, { method: 'POST', body: '{}' })).text()).toBe('ok')
    })
    expect(seenUnderWay).toBe(1)
    await expect.poll(() => gate.requests()).toBe(0)
    expect(steps).toBeGreaterThan(0)
    // each request: at most the one step already past its wait when it came
    expect(whileUnderWay).toBeLessThanOrEqual(5)
  })
})
