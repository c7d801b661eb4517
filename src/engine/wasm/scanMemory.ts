// A table's lowercase text as UTF-8 bytes in WebAssembly memory, searched by the SIMD kernel of
// scan.wat. The bytes replace the JS lowercase strings (same memory, 3x faster to count through).
//
// Layout of one memory (one per table, so it is freed with the table): page 0 is scratch (the needle,
// then the kernel's output), then per chunk its record starts (i32 byte addresses, see scan.wat) and
// its bytes. Substring matching on UTF-8 bytes equals matching on the string for well-formed text, so
// a chunk with lone surrogates stays a JS string, and a needle with one never comes here.

import { SCAN_KERNEL_BASE64 } from './scanKernel.generated.ts'

const PAGE = 65536
const NEEDLE_ADDRESS = 0
/** Longer needles take the field-by-field path (textSearch.ts). */
export const MAX_NEEDLE_BYTES = 4096
const OUT_ADDRESS = MAX_NEEDLE_BYTES
export const OUT_CAPACITY = (PAGE - OUT_ADDRESS) / 4
/** The kernel reads up to 64 bytes past a chunk's end. */
const TAIL_PADDING = 64

type MatchRecords = (starts: number, first: number, end: number, needle: number, length: number, i: number, j: number, out: number, cap: number) => number

let kernel: WebAssembly.Module | null | undefined

/** The compiled kernel, or null where WebAssembly or its SIMD is missing or refused (e.g. by a CSP). */
export function scanKernel(): WebAssembly.Module | null {
  if (kernel !== undefined) return kernel
  kernel = null
  try {
    if (typeof WebAssembly === 'object') {
      const bytes = Uint8Array.from(atob(SCAN_KERNEL_BASE64), (character) => character.charCodeAt(0))
      if (WebAssembly.validate(bytes)) kernel = new WebAssembly.Module(bytes)
    }
  } catch {
    kernel = null
  }
  return kernel
}

/** A needle ready for the kernel: its UTF-8 bytes and the offsets of its two rarest bytes. */
export interface ByteNeedle {
  readonly bytes: Uint8Array
  readonly rarest: number
  readonly secondRarest: number
}

const encoder = new TextEncoder()

/**
 * The needle's bytes and its two rarest byte offsets by `frequency` (of bytes below 128; others are
 * taken as rare), or null when the kernel cannot search for it (lone surrogates, too long).
 */
export function byteNeedle(needle: string, frequency: (byte: number) => number): ByteNeedle | null {
  if (needle.length === 0 || !isWellFormed(needle)) return null
  const bytes = encoder.encode(needle)
  if (bytes.length > MAX_NEEDLE_BYTES) return null
  let rarest = 0
  let secondRarest = -1
  const weight = (offset: number): number => {
    const byte = bytes[offset] as number
    return byte < 128 ? frequency(byte) : 0
  }
  for (let offset = 1; offset < bytes.length; offset++) {
    if (weight(offset) < weight(rarest)) {
      secondRarest = rarest
      rarest = offset
    } else if (secondRarest === -1 || weight(offset) < weight(secondRarest)) {
      secondRarest = offset
    }
  }
  return { bytes, rarest, secondRarest: secondRarest === -1 ? rarest : secondRarest }
}

function isWellFormed(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0xd800 || code > 0xdfff) continue
    if (code > 0xdbff) return false
    const next = text.charCodeAt(i + 1)
    if (!(next >= 0xdc00 && next <= 0xdfff)) return false
    i++
  }
  return true
}

/** Where one chunk's text lives in a ScanMemory. */
export interface ChunkBytes {
  readonly memory: ScanMemory
  /** Address of the chunk's record starts (count + 1 of them, i32). */
  readonly startsAddress: number
}

export class ScanMemory {
  private readonly memory: WebAssembly.Memory
  private readonly matchRecords: MatchRecords
  private used = PAGE
  private byteView: Uint8Array
  private wordView: Int32Array
  private needleInPlace: ByteNeedle | null = null

  private constructor(module: WebAssembly.Module) {
    this.memory = new WebAssembly.Memory({ initial: 2 })
    const instance = new WebAssembly.Instance(module, { env: { memory: this.memory } })
    this.matchRecords = instance.exports.matchRecords as MatchRecords
    this.byteView = new Uint8Array(this.memory.buffer)
    this.wordView = new Int32Array(this.memory.buffer)
  }

  /** A new empty memory, or null when the kernel is unavailable. */
  static create(): ScanMemory | null {
    const module = scanKernel()
    return module === null ? null : new ScanMemory(module)
  }

  get byteLength(): number {
    return this.memory.buffer.byteLength
  }

  /** The whole memory as bytes (valid until the next addChunk). */
  bytes(): Uint8Array {
    this.refreshViews()
    return this.byteView
  }

  /** Byte address of a chunk's record `local` (record `count` gives the chunk's end + 1). */
  recordStart(chunk: ChunkBytes, local: number): number {
    this.refreshViews()
    return this.wordView[(chunk.startsAddress >> 2) + local] as number
  }

  /**
   * Copies in a chunk's lowercase text, whose records start at `lowerStarts` (UTF-16 offsets, one
   * more for the end + 1). Returns null, adding nothing, when the text has a lone surrogate or the
   * memory cannot grow.
   */
  addChunk(lower: string, lowerStarts: Int32Array, count: number): ChunkBytes | null {
    const startsAddress = (this.used + 3) & ~3
    const bytesAddress = startsAddress + (count + 1) * 4
    if (!this.reserve(bytesAddress + lower.length)) return null
    let { read, written } = encoder.encodeInto(lower, this.byteView.subarray(bytesAddress))
    while (read < lower.length) {
      // non-ASCII: a UTF-16 unit takes up to 3 bytes
      if (!this.reserve(bytesAddress + written + (lower.length - read) * 3)) return null
      const more = encoder.encodeInto(lower.slice(read), this.byteView.subarray(bytesAddress + written))
      read += more.read
      written += more.written
    }
    const starts = this.wordView.subarray(startsAddress >> 2, (startsAddress >> 2) + count + 1)
    if (written === lower.length) {
      for (let local = 0; local <= count; local++) starts[local] = bytesAddress + (lowerStarts[local] as number)
    } else if (!utf8Starts(lower, lowerStarts, count, bytesAddress, starts)) {
      return null
    }
    this.used = bytesAddress + written
    return { memory: this, startsAddress }
  }

  /**
   * Local numbers of the records in [first, end) of a chunk that contain the needle, ascending, at
   * most `cap` (<= OUT_CAPACITY) of them; the view is valid until the next call.
   */
  match(chunk: ChunkBytes, first: number, end: number, needle: ByteNeedle, cap: number): Int32Array {
    this.refreshViews()
    if (this.needleInPlace !== needle) {
      this.byteView.set(needle.bytes, NEEDLE_ADDRESS)
      this.needleInPlace = needle
    }
    const found = this.matchRecords(chunk.startsAddress, first, end, NEEDLE_ADDRESS, needle.bytes.length, needle.rarest, needle.secondRarest, OUT_ADDRESS, cap)
    return this.wordView.subarray(OUT_ADDRESS >> 2, (OUT_ADDRESS >> 2) + found)
  }

  /** Makes [0, end) plus the kernel's read-ahead addressable. */
  private reserve(end: number): boolean {
    const needed = end + TAIL_PADDING
    if (needed > this.memory.buffer.byteLength) {
      try {
        this.memory.grow(Math.ceil((needed - this.memory.buffer.byteLength) / PAGE))
      } catch {
        return false
      }
    }
    this.refreshViews()
    return true
  }

  private refreshViews(): void {
    if (this.byteView.buffer !== this.memory.buffer) {
      this.byteView = new Uint8Array(this.memory.buffer)
      this.wordView = new Int32Array(this.memory.buffer)
    }
  }
}

/** Record starts as UTF-8 byte addresses; false for a lone surrogate (no byte equivalent). */
function utf8Starts(lower: string, lowerStarts: Int32Array, count: number, bytesAddress: number, starts: Int32Array): boolean {
  let byte = bytesAddress
  let local = 0
  for (let unit = 0; unit < lower.length; unit++) {
    while (local <= count && lowerStarts[local] === unit) starts[local++] = byte
    const code = lower.charCodeAt(unit)
    if (code < 0x80) byte += 1
    else if (code < 0x800) byte += 2
    else if (code < 0xd800 || code > 0xdfff) byte += 3
    else {
      const next = lower.charCodeAt(unit + 1)
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false
      byte += 4
      unit++
    }
  }
  // what is left: records starting at the very end (empty last fields) and the end + 1
  while (local <= count) {
    starts[local] = byte + ((lowerStarts[local] as number) - lower.length)
    local++
  }
  return true
}
