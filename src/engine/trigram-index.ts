// A skip index for rare needles: for each chunk, one bit per (trigram hash, block of records) saying
// "this block's lowercase text may contain this trigram". A needle can only occur in blocks that have
// all of its trigrams, so a sweep visits only those. Building a chunk's bits costs several full scans
// of it, so the first search of a chunk scans it without them; the bits are built by the second
// search that reaches the chunk (a search that stops early never pays for the rest), or earlier by
// `buildSkipIndex` when a host has idle time after a load (background-index.ts), then cached.
// Hash collisions only add false candidates (the sweep verifies every hit), never lose a match.
// Bits are stored block-group major (32 blocks x all hashes together), so building stays in cache.

import { lowerTextSteps, type LowerText } from './lower-text.ts'
import { runToEnd, type Steps } from './steps.ts'
import type { Chunk, StoredTable } from './table.ts'
import { hasUtf8Form } from './wasm/scan-memory.ts'

// A multiplicative hash of the 3 character codes: folding characters (e.g. to their low 5 bits) would
// be cheaper, but makes digits and punctuation collide with letters and the skip index useless.
const HASH_BITS = 15
const HASH_SIZE = 1 << HASH_BITS
/** Above this share of candidate blocks, skipping is not worth its bookkeeping. */
const USEFUL_SHARE = 0.5

/** Record ranges [firstLocal, endLocal) of a chunk that may contain a needle. */
export type LocalRanges = Array<[number, number]>

const chunkBits = new WeakMap<Chunk, Uint32Array>()
/** Chunks a search has reached once without bits. */
const searchedOnce = new WeakSet<Chunk>()
/** Chunks whose bits a host builds in idle time: searches meanwhile scan rather than build them. */
const queued = new WeakSet<Chunk>()

/** Bytes of a chunk's skip bits if built, else 0. */
export function skipBitsBytes(chunk: Chunk): number {
  return chunkBits.get(chunk)?.byteLength ?? 0
}

/** Says the host will build this chunk's bits soon (`buildSkipIndex` in idle time). */
export function queueSkipIndex(chunk: Chunk): void {
  queued.add(chunk)
}

function trigramHash(a: number, b: number, c: number): number {
  return Math.imul((a << 14) ^ (b << 7) ^ c, 0x9e3779b1) >>> (32 - HASH_BITS)
}

/** Builds a chunk's skip bits now (idle-time work after a load). */
export function buildSkipIndex(table: StoredTable, chunk: Chunk): void {
  runToEnd(buildSkipIndexSteps(table, chunk))
}

/** The same in steps of a few blocks (a chunk's bits take tens of ms). */
export function* buildSkipIndexSteps(table: StoredTable, chunk: Chunk): Steps<void> {
  if (chunk.count > table.blockSize) yield* bitsSteps(table, chunk)
}

/** Blocks whose trigrams are added per step (about 200 KB of text at 512 records of ~200 bytes). */
const BLOCKS_PER_STEP = 2

/** Bits part-built in steps: the bits so far and the next block (several callers share one build). */
const pendingBits = new WeakMap<Chunk, { bits: Uint32Array; nextBlock: number }>()

function* bitsSteps(table: StoredTable, chunk: Chunk): Steps<Uint32Array> {
  const { blockSize } = table
  const lowered = yield* lowerTextSteps(table, chunk)
  const blockCount = Math.ceil(chunk.count / blockSize)
  for (;;) {
    const built = chunkBits.get(chunk)
    if (built) return built
    let pending = pendingBits.get(chunk)
    if (pending === undefined) {
      pending = { bits: new Uint32Array(HASH_SIZE * Math.ceil(blockCount / 32)), nextBlock: 0 }
      pendingBits.set(chunk, pending)
    }
    const { bits } = pending
    const from = pending.nextBlock
    const to = Math.min(blockCount, from + BLOCKS_PER_STEP)
    pending.nextBlock = to
    addBlocks(bits, lowered, chunk, blockSize, from, to)
    if (to === blockCount) {
      chunkBits.set(chunk, bits)
      pendingBits.delete(chunk)
      return bits
    }
    yield
  }
}

function addBlocks(bits: Uint32Array, lowered: LowerText, chunk: Chunk, blockSize: number, from: number, to: number): void {
  for (let block = from; block < to; block++) {
    const row = (block >> 5) * HASH_SIZE
    const mask = 1 << (block & 31)
    const firstRecord = block * blockSize
    const endRecord = Math.min(chunk.count, (block + 1) * blockSize)
    if (lowered.bytes) {
      const { bytes } = lowered
      addTrigrams(bits, row, mask, bytes.bytes(), bytes.recordStart(firstRecord), bytes.recordStart(endRecord))
    } else {
      addTrigrams(bits, row, mask, lowered.lower, lowered.lowerStarts[firstRecord] as number, lowered.lowerStarts[endRecord] as number)
    }
  }
}

/** Sets the bit of every trigram of text[begin, end): UTF-16 units of a string, or UTF-8 bytes. */
function addTrigrams(bits: Uint32Array, row: number, mask: number, text: string | Uint8Array, begin: number, end: number): void {
  let a = 0
  let b = 0
  if (typeof text === 'string') {
    for (let i = begin; i < end; i++) {
      const c = text.charCodeAt(i)
      bits[row + trigramHash(a, b, c)] |= mask
      a = b
      b = c
    }
    return
  }
  for (let i = begin; i < end; i++) {
    const c = text[i] as number
    bits[row + trigramHash(a, b, c)] |= mask
    a = b
    b = c
  }
}

const encoder = new TextEncoder()

/** The parts of a chunk a sweep for `needle` must visit, or undefined for the whole chunk. */
export function candidateRanges(table: StoredTable, chunk: Chunk, needle: string): LocalRanges | undefined {
  return runToEnd(candidateRangesSteps(table, chunk, needle))
}

/** The same in steps (the chunk's lowercase copy and skip bits, when this search makes them). */
export function* candidateRangesSteps(table: StoredTable, chunk: Chunk, needle: string): Steps<LocalRanges | undefined> {
  const blockSize = table.blockSize
  if (needle.length < 3 || chunk.count <= blockSize) return undefined
  const bytes = (yield* lowerTextSteps(table, chunk)).bytes !== undefined
  // bytes hold no lone surrogate, so their trigrams say nothing about a needle with one
  if (bytes && !hasUtf8Form(needle)) return undefined
  if (!chunkBits.has(chunk) && (!searchedOnce.has(chunk) || queued.has(chunk))) {
    searchedOnce.add(chunk)
    return undefined
  }
  const bits = yield* bitsSteps(table, chunk)
  const blockCount = Math.ceil(chunk.count / blockSize)
  const words = Math.ceil(blockCount / 32)
  const candidates = new Uint32Array(words).fill(0xffffffff)
  // a byte chunk has trigrams of UTF-8 bytes, a string chunk of UTF-16 units
  const codes = bytes ? encoder.encode(needle) : Array.from({ length: needle.length }, (_, i) => needle.charCodeAt(i))
  for (let i = 2; i < codes.length; i++) {
    const hash = trigramHash(codes[i - 2] as number, codes[i - 1] as number, codes[i] as number)
    for (let word = 0; word < words; word++) candidates[word] &= bits[word * HASH_SIZE + hash] as number
  }
  let count = 0
  for (let block = 0; block < blockCount; block++) if ((candidates[block >> 5] as number) & (1 << (block & 31))) count++
  if (count > blockCount * USEFUL_SHARE) return undefined
  const ranges: LocalRanges = []
  for (let block = 0; block < blockCount; block++) {
    if (!((candidates[block >> 5] as number) & (1 << (block & 31)))) continue
    const first = block * blockSize
    const end = Math.min(chunk.count, first + blockSize)
    const previous = ranges[ranges.length - 1]
    if (previous && previous[1] === first) previous[1] = end
    else ranges.push([first, end])
  }
  return ranges
}
