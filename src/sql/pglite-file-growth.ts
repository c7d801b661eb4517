// PGlite keeps its data directory in Emscripten's in-memory file system (MEMFS). There, a file grown by
// ftruncate (Emscripten's posix_fallocate is one, and PostgreSQL extends a table being COPYed into by
// up to 64 blocks at a time that way) gets a new buffer of exactly its new size, with the whole file
// copied into it: loading a table costs time quadratic in its size (1,000,000 generated records took
// minutes, nearly all of it in that copying). And MEMFS's own growth (the path writes take) is
// geometric but by only 1/8 past 1 MB: a file grown to 250 MB is copied about 9 times over, into
// about 40 new buffers (a 200,000-record load copied 387 MB for a 49 MB table, 11 s on a busy
// machine). This extension sends every growth down one doubling path: a file is copied about once over
// whatever its size, for at most twice its size in memory. Shrinking is unchanged.
import type { Extension } from '@electric-sql/pglite'

/** The parts of a MEMFS file node and of MEMFS that growth touches. */
export interface MemfsNode {
  contents: Uint8Array
  usedBytes: number
}

export interface Memfs {
  resizeFileStorage(node: MemfsNode, size: number): void
  expandFileStorage(node: MemfsNode, capacity: number): void
}

const PATCHED = Symbol('geometric growth')

/** A file's new capacity: at least what is asked, and at least twice what it had. */
export function grownCapacity(capacity: number, needed: number): number {
  return Math.max(needed, capacity * 2, 256)
}

/** Makes `memfs` grow files by doubling, on writes and on resize; idempotent. False when MEMFS is not as expected. */
export function growFilesGeometrically(memfs: Partial<Memfs> & { [PATCHED]?: true }): boolean {
  if (memfs[PATCHED]) return true
  const { resizeFileStorage, expandFileStorage } = memfs
  if (typeof resizeFileStorage !== 'function' || typeof expandFileStorage !== 'function') return false
  // MEMFS's writes call `MEMFS.expandFileStorage`, so replacing it here changes their growth too.
  const expand = function (this: unknown, node: MemfsNode, needed: number): void {
    const { contents } = node
    if (!(contents instanceof Uint8Array)) {
      expandFileStorage.call(this, node, needed)
      return
    }
    if (contents.length >= needed) return
    const grown = new Uint8Array(grownCapacity(contents.length, needed))
    grown.set(contents.subarray(0, node.usedBytes))
    node.contents = grown
  }
  memfs.expandFileStorage = expand
  memfs.resizeFileStorage = function (node, size) {
    if (size <= node.usedBytes || !(node.contents instanceof Uint8Array)) {
      resizeFileStorage.call(this, node, size)
      return
    }
    expand.call(this, node, size)
    // the bytes past the old end read as zeros, as a file grown by ftruncate does
    node.contents.fill(0, node.usedBytes, size)
    node.usedBytes = size
  }
  memfs[PATCHED] = true
  return true
}

/** `PGlite.create({ extensions: { fileGrowth: pgliteFileGrowth } })` */
export const pgliteFileGrowth: Extension = {
  name: 'file-growth',
  setup: async (_pg, emscriptenOptions: { preRun?: ((mod: { MEMFS?: Partial<Memfs> }) => void)[] }) => ({
    emscriptenOpts: {
      ...emscriptenOptions,
      preRun: [...(emscriptenOptions.preRun ?? []), (mod: { MEMFS?: Partial<Memfs> }) => void (mod.MEMFS && growFilesGeometrically(mod.MEMFS))],
    },
  }),
}
