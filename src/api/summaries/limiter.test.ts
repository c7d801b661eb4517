import { describe, expect, it } from 'vitest'
import { createLimiter } from './limiter.ts'

const nothing = () => {}

function deferred() {
  let resolve = nothing
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}

describe('createLimiter', () => {
  it('runs at most N tasks at once and starts the next as one finishes', async () => {
    const limit = createLimiter(2)
    const gates = [deferred(), deferred(), deferred()]
    const started: number[] = []
    const runs = gates.map((gate, i) => limit(async () => (started.push(i), await gate.promise, i)))
    await Promise.resolve()
    expect(started).toEqual([0, 1])
    gates[1]?.resolve()
    await runs[1]
    await Promise.resolve()
    expect(started).toEqual([0, 1, 2])
    gates[0]?.resolve()
    gates[2]?.resolve()
    expect(await Promise.all(runs)).toEqual([0, 1, 2])
  })

  it('drops a waiting task whose signal aborts: it never starts and rejects', async () => {
    const limit = createLimiter(1)
    const gate = deferred()
    const first = limit(() => gate.promise)
    const controller = new AbortController()
    let ran = false
    const second = limit(async () => void (ran = true), controller.signal)
    controller.abort()
    await expect(second).rejects.toThrow(/abort/i)
    gate.resolve()
    await first
    expect(ran).toBe(false)
  })
})
