import { describe, expect, it, vi } from 'vitest'
import { Catalog } from './catalog.ts'
import type { Table } from './table.ts'
import { tableOf } from './test-support/fixtures.ts'

const table = tableOf([{ id: 'a', type: 'text' }], [{ a: 'x' }, { a: 'y' }])

describe('Catalog', () => {
  it('loads a resource once, however many requests wait for it', async () => {
    const load = vi.fn<() => Promise<Table>>(async () => table)
    const catalog = new Catalog()
    catalog.add({ id: 'r', aliases: ['alias'], load })
    const [first, second] = await Promise.all([catalog.prepare('r'), catalog.prepare('alias')])
    expect(first).toBe(table)
    expect(second).toBe(table)
    await catalog.prepare('r')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('waits for a load still under way through waitForLoad, and for a loaded table at once', async () => {
    const waits: string[] = []
    const catalog = new Catalog({
      waitForLoad: (load) => {
        waits.push('waited')
        return load
      },
    })
    const end: { finish?: (loaded: Table) => void } = {}
    catalog.add({
      id: 'r',
      load: (_onProgress, onPartial) =>
        new Promise<Table>((resolve) => {
          onPartial?.(table, 10)
          end.finish = resolve
        }),
    })
    const whole = catalog.prepare('r')
    expect(waits).toHaveLength(1)
    const prefix = await catalog.latest('r')
    expect(prefix.complete).toBe(false)
    // a prefix there already is no wait; something newer than it is
    const before = waits.length
    expect(await catalog.latest('r')).toBe(prefix)
    const newer = catalog.latest('r', prefix.table)
    expect(waits).toHaveLength(before + 1)
    end.finish?.(table)
    expect((await newer).complete).toBe(true)
    expect(await whole).toBe(table)
    await catalog.prepare('r')
    await catalog.latest('r')
    expect(waits).toHaveLength(before + 1)
  })

  it('forgets a failed load so the next request tries again', async () => {
    let attempts = 0
    const catalog = new Catalog()
    catalog.add({
      id: 'r',
      load: () => {
        attempts++
        if (attempts === 1) throw new Error('flaky disk')
        return table
      },
    })
    await expect(catalog.prepare('r')).rejects.toThrow('flaky disk')
    await expect(catalog.prepare('r')).resolves.toBe(table)
  })

  it('lists resources, with size and fields once loaded', async () => {
    const catalog = new Catalog()
    catalog.add({ id: 'r', title: 'R', isPrivate: true, load: () => table })
    catalog.add({ id: 's', load: () => table })
    expect(catalog.list()).toEqual([
      { id: 'r', aliases: [], title: 'R', isPrivate: true, loaded: false },
      { id: 's', aliases: [], title: 's', isPrivate: false, loaded: false },
    ])
    await catalog.prepare('r')
    expect(catalog.list()[0]).toEqual({ id: 'r', aliases: [], title: 'R', isPrivate: true, loaded: true, size: 2, fields: [{ id: 'a', type: 'text' }] })
  })

  it('passes progress to every waiting caller', async () => {
    let report: ((done: number, total: number) => void) | undefined
    let finish: (() => void) | undefined
    const catalog = new Catalog()
    catalog.add({
      id: 'r',
      load: (onProgress) =>
        new Promise((resolve) => {
          report = onProgress
          finish = () => resolve(table)
        }),
    })
    const seenA: number[] = []
    const seenB: number[] = []
    const a = catalog.prepare('r', (done) => seenA.push(done))
    const b = catalog.prepare('r', (done) => seenB.push(done))
    await Promise.resolve()
    report?.(5, 10)
    finish?.()
    await Promise.all([a, b])
    expect(seenA).toEqual([5])
    expect(seenB).toEqual([5])
  })

  it('rejects duplicate ids or aliases, and unknown names', async () => {
    const catalog = new Catalog()
    catalog.add({ id: 'r', aliases: ['x'], load: () => table })
    expect(() => catalog.add({ id: 'x', load: () => table })).toThrow('"x" is already in the catalog')
    expect(catalog.resolve('nope')).toBeUndefined()
    await expect(catalog.prepare('nope')).rejects.toThrow('Resource "nope" is not in the catalog')
  })
})
