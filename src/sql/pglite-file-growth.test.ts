import { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { growFilesGeometrically, pgliteFileGrowth, type Memfs, type MemfsNode } from './pglite-file-growth.ts'
import { loadResource, type PgliteLike } from './index.ts'

/** MEMFS's own two functions, as Emscripten writes them. */
function fakeMemfs(): Memfs {
  const memfs = {
    expandFileStorage(node: MemfsNode, capacity: number) {
      const previous = node.contents.length
      if (previous >= capacity) return
      const grown = Math.max(capacity, (previous * (previous < 1024 * 1024 ? 2 : 1.125)) >>> 0)
      const old = node.contents.subarray(0, node.usedBytes)
      node.contents = new Uint8Array(grown)
      node.contents.set(old)
    },
    resizeFileStorage(node: MemfsNode, size: number) {
      if (node.usedBytes === size) return
      const old = node.contents
      node.contents = new Uint8Array(size)
      node.contents.set(old.subarray(0, Math.min(size, node.usedBytes)))
      node.usedBytes = size
    },
  }
  return memfs
}

/** A file grown to 2 MB by ftruncate, 16 kB (2 PostgreSQL blocks) at a time: the buffers it had. */
function growByTruncate(memfs: Memfs, node: MemfsNode): number {
  let buffers = 0
  for (let size = 16 * 1024; size <= 2 * 1024 * 1024; size += 16 * 1024) {
    const before = node.contents
    memfs.resizeFileStorage(node, size)
    if (node.contents !== before) buffers++
    node.contents[size - 1] = 7
  }
  return buffers
}

/** Bytes copied while a file is written to 16 MB, 8 kB (a PostgreSQL block) past its end at a time, as MEMFS's write does it. */
function copiedByWrites(memfs: Memfs): number {
  let bytes = 0
  const node = { contents: new Uint8Array(0), usedBytes: 0 }
  for (let size = 8192; size <= 16 * 1024 * 1024; size += 8192) {
    if (node.contents.length < size) bytes += node.usedBytes
    memfs.expandFileStorage(node, size)
    node.contents[size - 1] = 1
    node.usedBytes = size
  }
  return node.contents[16 * 1024 * 1024 - 1] === 1 ? bytes : Number.NaN
}

describe('MEMFS file growth', () => {
  it('allocates a buffer for every growth as MEMFS comes, and a geometric few once patched', () => {
    const plain = fakeMemfs()
    expect(growByTruncate(plain, { contents: new Uint8Array(0), usedBytes: 0 })).toBe(128)

    const patched = fakeMemfs()
    expect(growFilesGeometrically(patched)).toBe(true)
    expect(growFilesGeometrically(patched)).toBe(true)
    const node = { contents: new Uint8Array(0), usedBytes: 0 }
    expect(growByTruncate(patched, node)).toBeLessThan(20)
    expect(node.usedBytes).toBe(2 * 1024 * 1024)
    expect(node.contents[16 * 1024 - 1]).toBe(7)
  })

  it('grows a file written past its end by doubling: about one copy of the file in all, not about nine', () => {
    const plain = fakeMemfs()
    const patched = fakeMemfs()
    growFilesGeometrically(patched)
    expect(copiedByWrites(plain)).toBeGreaterThan(6 * 16 * 1024 * 1024)
    expect(copiedByWrites(patched)).toBeLessThanOrEqual(16 * 1024 * 1024)
  })

  it('reads the grown part as zeros and shrinks as before', () => {
    const memfs = fakeMemfs()
    growFilesGeometrically(memfs)
    const node = { contents: new Uint8Array([1, 2, 3, 4]), usedBytes: 4 }
    memfs.resizeFileStorage(node, 2)
    expect([...node.contents.subarray(0, node.usedBytes)]).toEqual([1, 2])
    memfs.resizeFileStorage(node, 6)
    expect([...node.contents.subarray(0, node.usedBytes)]).toEqual([1, 2, 0, 0, 0, 0])
  })

  it('leaves a MEMFS it does not recognise alone', () => {
    expect(growFilesGeometrically({})).toBe(false)
  })

  it('is applied to PGlite by the extension, which then loads and answers as before', async () => {
    const db = await PGlite.create({ extensions: { fileGrowth: pgliteFileGrowth } })
    try {
      const memfs = (db as unknown as { mod: { MEMFS: Memfs } }).mod.MEMFS
      expect(growFilesGeometrically(memfs)).toBe(true)
      const rows = Array.from({ length: 2_000 }, (_, i) => [String(i + 1), `name ${i % 97}`, String(i)])
      await loadResource(db as unknown as PgliteLike, 'things', [{ id: 'name', type: 'text' }, { id: 'n', type: 'int4' }], rows.length, (from, to) => rows.slice(from, to))
      const { rows: counted } = await db.query<{ n: number; total: number }>('SELECT count(DISTINCT name)::int AS n, sum(n)::int AS total FROM things')
      expect(counted).toEqual([{ n: 97, total: (2_000 * 1_999) / 2 }])
    } finally {
      await db.close()
    }
  }, 180_000)
})
