// A text cell's 32-bit fingerprint hash, from its characters or, for ASCII text, from its bytes (the
// same hash either way): what a whole column's summary counts values by before the column's index is
// built (column-counts.ts), and what a loader that has a chunk's bytes at hand takes at once
// (`writtenChunkFingerprints`, so that summary need not encode the text back into bytes).
import type { FieldEnds } from './field-ends.ts'

const FNV_OFFSET = 0x811c9dc5 | 0
const FNV_PRIME = 0x01000193

/**
 * A cell's fingerprint hash: FNV-1a over its characters taken four at a time, 8 bits apart (so over
 * an ASCII text's bytes as `fingerprintOfBytes` reads them), then mixed so that its top bits spread.
 */
export function fingerprintOf(text: string, start: number, end: number): number {
  let hash = FNV_OFFSET
  let i = start
  for (; i + 3 < end; i += 4) {
    hash = Math.imul(hash ^ (text.charCodeAt(i) | (text.charCodeAt(i + 1) << 8) | (text.charCodeAt(i + 2) << 16) | (text.charCodeAt(i + 3) << 24)), FNV_PRIME)
  }
  for (; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME)
  return mixed(hash)
}

/** `fingerprintOf` of an ASCII text from its bytes (a quarter of the multiplications of a hash a character, and no string reads). */
export function fingerprintOfBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = FNV_OFFSET
  let i = start
  for (; i + 3 < end; i += 4) {
    hash = Math.imul(hash ^ ((bytes[i] as number) | ((bytes[i + 1] as number) << 8) | ((bytes[i + 2] as number) << 16) | ((bytes[i + 3] as number) << 24)), FNV_PRIME)
  }
  for (; i < end; i++) hash = Math.imul(hash ^ (bytes[i] as number), FNV_PRIME)
  return mixed(hash)
}

function mixed(hash: number): number {
  hash ^= hash >>> 15
  hash = Math.imul(hash, 0x2c1b3c6d)
  return hash ^ (hash >>> 12)
}

/**
 * Each record's fingerprint of the cell at `position`, from a written chunk's ASCII bytes (`starts`:
 * each record's first byte; `fieldEnds`: where its cells end). An empty cell's entry is 0, unused:
 * the reader tells empty cells and nulls apart itself.
 */
export function writtenChunkFingerprints(bytes: Uint8Array, count: number, starts: Int32Array, fieldEnds: FieldEnds, position: number): Uint32Array {
  const hashes = new Uint32Array(count)
  for (let local = 0; local < count; local++) {
    const recordStart = starts[local] as number
    const start = recordStart + fieldEnds.begin(local, position)
    const end = recordStart + fieldEnds.end(local, position)
    if (start !== end) hashes[local] = fingerprintOfBytes(bytes, start, end) >>> 0
  }
  return hashes
}
