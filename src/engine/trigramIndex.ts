// A skip index for rare needles: one bit per (trigram hash, block of records) saying "this block's
// lowercase text may contain this trigram". A needle can only occur in blocks that have all of its
// trigrams, so a sweep visits only those. Built on the first search that can use it, then cached.
// Hash collisions only add false candidates (the sweep verifies every hit), never lose a match.
// Bits are stored block-group major (32 blocks x all hashes together), so building stays in cache.

import type { StoredTable } from './table.ts'

const HASH_BITS = 14
const HASH_SIZE = 1 << HASH_BITS
/** Above this share of candidate blocks, skipping is not worth its bookkeeping. */
const USEFUL_SHARE = 0.5

interface TrigramIndex {
  readonly blockSize: number
  readonly blockCount: number
  readonly words: number
  readonly bits: Uint32Array
}

export interface CandidateBlocks {
  /** Record ranges [first, end) inside [from, to) that may contain the needle, ascending. */
  rangesIn(from: number, to: number): Array<[number, number]>
}

const indexes = new WeakMap<StoredTable, TrigramIndex>()

function trigramHash(a: number, b: number, c: number): number {
  return Math.imul((a << 14) ^ (b << 7) ^ c, 0x9e3779b1) >>> (32 - HASH_BITS)
}

function buildIndex(table: StoredTable): TrigramIndex {
  const blockSize = table.blockSize
  const blockCount = Math.ceil(table.size / blockSize)
  const words = Math.ceil(blockCount / 32)
  const bits = new Uint32Array(HASH_SIZE * words)
  for (const chunk of table.chunks) {
    const { lower, lowerStarts } = chunk
    for (let local = 0; local < chunk.count; ) {
      const block = Math.floor((chunk.first + local) / blockSize)
      const endLocal = Math.min(chunk.count, (block + 1) * blockSize - chunk.first)
      const row = (block >> 5) * HASH_SIZE
      const mask = 1 << (block & 31)
      const end = lowerStarts[endLocal] as number
      let a = 0
      let b = 0
      for (let i = lowerStarts[local] as number; i < end; i++) {
        const c = lower.charCodeAt(i)
        bits[row + trigramHash(a, b, c)] |= mask
        a = b
        b = c
      }
      local = endLocal
    }
  }
  return { blockSize, blockCount, words, bits }
}

/** Candidate blocks for a needle, or undefined when every block must be swept. */
export function candidateBlocks(table: StoredTable, needle: string): CandidateBlocks | undefined {
  if (needle.length < 3 || table.size <= table.blockSize) return undefined
  let index = indexes.get(table)
  if (!index) {
    index = buildIndex(table)
    indexes.set(table, index)
  }
  const { words, bits, blockSize, blockCount } = index
  const candidates = new Uint32Array(words).fill(0xffffffff)
  for (let i = 2; i < needle.length; i++) {
    const hash = trigramHash(needle.charCodeAt(i - 2), needle.charCodeAt(i - 1), needle.charCodeAt(i))
    for (let word = 0; word < words; word++) candidates[word] &= bits[word * HASH_SIZE + hash] as number
  }
  let count = 0
  for (let block = 0; block < blockCount; block++) if (candidates[block >> 5] & (1 << (block & 31))) count++
  if (count > blockCount * USEFUL_SHARE) return undefined
  return {
    rangesIn(from: number, to: number): Array<[number, number]> {
      const ranges: Array<[number, number]> = []
      const lastBlock = Math.ceil(to / blockSize)
      for (let block = Math.floor(from / blockSize); block < lastBlock; block++) {
        if (!(candidates[block >> 5] & (1 << (block & 31)))) continue
        const first = Math.max(from, block * blockSize)
        const end = Math.min(to, (block + 1) * blockSize)
        const previous = ranges[ranges.length - 1]
        if (previous && previous[1] === first) previous[1] = end
        else ranges.push([first, end])
      }
      return ranges
    },
  }
}
