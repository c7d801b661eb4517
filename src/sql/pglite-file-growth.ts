// PGlite keeps its data directory in Emscripten's in-memory file system (MEMFS). There, a file grown by
// ftruncate (Emscripten's posix_fallocate is one, and PostgreSQL extends a table being COPYed into by
// up to 64 blocks at a time that way) gets a new buffer of exactly its new size, with the whole file
// copied into it: loading a table costs time quadratic in its size (1,000,000 generated records took
// minutes, nearly all of it in that copying). This extension sends such growth down MEMFS's own
// geometric path, the one writes take, so a load costs time linear in its size. Shrinking is unchanged.
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

/** Makes `memfs` grow files geometrically on resize; idempotent. False when MEMFS is not as expected. */
export function growFilesGeometrically(memfs: Partial<Memfs> & { [PATCHED]?: true }): boolean {
  if (memfs[PATCHED]) return true
  const { resizeFileStorage, expandFileStorage } = memfs
  if (typeof resizeFileStorage !== 'function' || typeof expandFileStorage !== 'function') return false
  memfs.resizeFileStorage = function (node, size) {
    if (size <= node.usedBytes || !(node.contents instanceof Uint8Array)) {
      resizeFileStorage.call(this, node, size)
      return
    }
    expandFileStorage.call(this, node, size)
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
