// The lowercase copy of a chunk's text that `q` searches, made on the chunk's first search and kept.
//
// Where the table may use the WebAssembly kernel (and the runtime has it), the copy is UTF-8 bytes in
// a WebAssembly memory of the chunk's own (wasm/scan-memory.ts); otherwise, and for text with lone
// surrogates (no UTF-8 form), a JS string with its own record starts (toLowerCase can lengthen text).
// Made lazily rather than while loading: each new WebAssembly memory counts as external memory, and
// V8 answers every 64 MB of it with a full GC, which costs seconds while a million source records
// are still alive during a load.

import type { Chunk, StoredTable } from './table.ts'
import { runToEnd, type Steps } from './steps.ts'
import { ChunkBytes } from './wasm/scan-memory.ts'

const SEPARATOR = '\x01'

export interface StringLower {
  readonly lower: string
  /** Offset of each record in `lower`, plus one for the end + 1. */
  readonly lowerStarts: Int32Array
  readonly bytes?: undefined
}

export interface ByteLower {
  readonly bytes: ChunkBytes
}

export type LowerText = StringLower | ByteLower

const made = new WeakMap<Chunk, LowerText>()
/** ASCII copies under way (lowerTextSteps): any caller takes the next slice, none starts over. */
const building = new WeakMap<Chunk, ReturnType<typeof ChunkBytes.asciiBuilder>>()

export function lowerTextOf(table: StoredTable, chunk: Chunk): LowerText {
  return runToEnd(lowerTextSteps(table, chunk))
}

/** The same in steps (a chunk's copy takes ~10 ms at 64k records: a step is about a millisecond). */
export function* lowerTextSteps(table: StoredTable, chunk: Chunk): Steps<LowerText> {
  for (;;) {
    const lowered = made.get(chunk) ?? makeLowerTextStep(table, chunk)
    if (lowered !== undefined) return lowered
    yield
  }
}

/** One slice of the copy: the copy once done, else undefined. */
function makeLowerTextStep(table: StoredTable, chunk: Chunk): LowerText | undefined {
  if (table.wasmScan) {
    // ASCII text goes to bytes directly and is lowercased there
    let builder = building.get(chunk)
    if (builder === undefined) {
      builder = ChunkBytes.asciiBuilder(chunk.text, chunk.starts, chunk.count)
      building.set(chunk, builder)
    }
    const bytes = builder.step()
    if (bytes === 'more') return undefined
    building.delete(chunk)
    if (bytes) return remember(chunk, { bytes })
  }
  const stringLower = lowercase(chunk, table.fields.length)
  if (table.wasmScan) {
    const bytes = ChunkBytes.fromLowercase(stringLower.lower, stringLower.lowerStarts, chunk.count)
    if (bytes) return remember(chunk, { bytes })
  }
  return remember(chunk, stringLower)
}

/**
 * The copy made at once from the chunk's text as ASCII bytes, by a loader that wrote them
 * (record-writer.ts): no encoding of the text later. Kept only where the table scans with the kernel.
 */
export function lowerTextFromAscii(wasmScan: boolean, chunk: Chunk, text: Uint8Array): void {
  if (!wasmScan || made.has(chunk)) return
  const bytes = ChunkBytes.fromAsciiBytes(text, chunk.starts, chunk.count)
  if (bytes) remember(chunk, { bytes })
}

/** Bytes of a chunk's lowercase copy if made (a string counted a byte a character), else 0. */
export function lowerTextBytes(chunk: Chunk): number {
  const lowered = made.get(chunk)
  if (lowered === undefined) return 0
  if (lowered.bytes !== undefined) return lowered.bytes.byteLength
  return lowered.lower.length + (lowered.lowerStarts === chunk.starts ? 0 : lowered.lowerStarts.byteLength)
}

function remember(chunk: Chunk, lowered: LowerText): LowerText {
  made.set(chunk, lowered)
  return lowered
}

function lowercase(chunk: Chunk, width: number): StringLower {
  const { text, starts, fieldEnds, count } = chunk
  const lower = text.toLowerCase()
  // toLowerCase never shortens text; if it grew (e.g. "İ"), rebuild it field by field with its own offsets.
  if (lower.length === text.length) return { lower, lowerStarts: starts }
  const parts: string[] = []
  const lowerStarts = new Int32Array(count + 1)
  for (let local = 0; local < count; local++) {
    const recordStart = starts[local] as number
    let length = 0
    for (let field = 0; field < width; field++) {
      const part = text.slice(recordStart + fieldEnds.begin(local, field), recordStart + fieldEnds.end(local, field)).toLowerCase()
      parts.push(part)
      length += part.length + 1
    }
    lowerStarts[local + 1] = (lowerStarts[local] as number) + length
  }
  return { lower: parts.join(SEPARATOR), lowerStarts }
}
