// A table's lowercase text as UTF-8 bytes in WebAssembly memory, searched by the SIMD kernel of
// scan.wat. The bytes replace the JS lowercase strings (same memory, 3x faster to count through).
//
// Layout of a chunk's memory: page 0 is scratch (the needle, then the kernel's output), then the
// record starts (i32 byte addresses, see scan.wat), then the bytes. Substring matching on UTF-8 bytes equals matching on the string for well-formed text, so
// a chunk with lone surrogates stays a JS string, and a needle with one never comes here.

import { SCAN_KERNEL_BASE64 } from './scan-kernel.generated.ts'

const PAGE = 65536
const NEEDLE_ADDRESS = 0
/** Longer needles take the field-by-field path (text-search.ts). */
export const MAX_NEEDLE_BYTES = 4096
const OUT_ADDRESS = MAX_NEEDLE_BYTES
export const OUT_CAPACITY = (PAGE - OUT_ADDRESS) / 4
const STARTS_ADDRESS = PAGE
/** The kernel reads up to 64 bytes past a chunk's end. */
const TAIL_PADDING = 64

/** Where a chunk's bytes start: after the starts of its `count` records and its end. */
function textAddress(count: number): number {
  return STARTS_ADDRESS + (count + 1) * 4
}

type MatchRecords = (starts: number, first: number, end: number, needle: number, length: number, i: number, j: number, out: number, cap: number) => number
type MatchListed = (starts: number, list: number, count: number, needle: number, length: number, i: number, j: number) => number
type LowerAscii = (start: number, end: number) => void

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
  if (needle.length === 0 || utf8Length(needle) < 0) return null
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

/**
 * One chunk's lowercase text in a WebAssembly memory of its own, sized once: growing memories as a
 * table loads made V8 run a full GC per growth (each registers the whole buffer as new external memory).
 */
/**
 * Characters encoded and lowercased per step: a quarter of a MB of the memory's fresh pages (first
 * touching a page costs more than the copy on a virtual machine: 1 MB held a server's thread 5-10 ms).
 */
const ASCII_SLICE = 1 << 18

export class ChunkBytes {
  private readonly memory: WebAssembly.Memory
  private readonly matchRecords: MatchRecords
  private readonly matchListed: MatchListed
  private readonly lowerAscii: LowerAscii
  private byteView: Uint8Array
  private wordView: Int32Array
  private needleInPlace: ByteNeedle | null = null

  private constructor(module: WebAssembly.Module, byteLength: number) {
    this.memory = new WebAssembly.Memory({ initial: Math.ceil(byteLength / PAGE) })
    const instance = new WebAssembly.Instance(module, { env: { memory: this.memory } })
    this.matchRecords = instance.exports.matchRecords as MatchRecords
    this.matchListed = instance.exports.matchListed as MatchListed
    this.lowerAscii = instance.exports.lowerAscii as LowerAscii
    this.byteView = new Uint8Array(this.memory.buffer)
    this.wordView = new Int32Array(this.memory.buffer)
  }

  /**
   * A chunk's text lowercased, when it is all ASCII (then lowercasing is A-Z -> a-z and offsets do
   * not move): saves building a lowercase JS string. Null for other text (use fromLowercase).
   */
  static fromAsciiText(text: string, starts: Int32Array, count: number): ChunkBytes | null {
    const builder = ChunkBytes.asciiBuilder(text, starts, count)
    for (;;) {
      const built = builder.step()
      if (built !== 'more') return built
    }
  }

  /**
   * The same a slice of ASCII_SLICE characters per `step()` (a chunk holds megabytes of text): 'more'
   * until the end, then the bytes or null (not ASCII, no kernel, memory short). Whoever holds the
   * builder may take the next step, so a build started in one run of steps is never started over.
   */
  static asciiBuilder(text: string, starts: Int32Array, count: number): { step(): ChunkBytes | null | 'more' } {
    const module = scanKernel()
    const bytesAddress = textAddress(count)
    let chunk: ChunkBytes | null | undefined
    let from = 0
    return {
      step() {
        if (module === null) return null
        try {
          chunk ??= new ChunkBytes(module, bytesAddress + text.length + TAIL_PADDING)
        } catch {
          chunk = null
        }
        if (chunk === null) return null
        const to = Math.min(text.length, from + ASCII_SLICE)
        // a slice is ASCII exactly when it takes one byte per UTF-16 unit
        if (encoder.encodeInto(text.slice(from, to), chunk.byteView.subarray(bytesAddress + from)).written !== to - from) {
          chunk = null
          return null
        }
        chunk.lowerAscii(bytesAddress + from, bytesAddress + to)
        from = to
        if (from < text.length) return 'more'
        chunk.writeStarts(bytesAddress, starts, count)
        return chunk
      },
    }
  }

  /** Each record's start as a byte address (its text at `bytesAddress`; byte offsets = `starts`), one more for the end. */
  private writeStarts(bytesAddress: number, starts: Int32Array, count: number): void {
    const byteStarts = this.wordView.subarray(STARTS_ADDRESS >> 2, (STARTS_ADDRESS >> 2) + count + 1)
    for (let local = 0; local <= count; local++) byteStarts[local] = bytesAddress + (starts[local] as number)
  }

  /**
   * The same from the chunk's text as ASCII bytes (a loader that wrote them: record-writer.ts): one
   * copy and the kernel's lowercasing, no encoding. Null where there is no kernel or memory is short.
   */
  static fromAsciiBytes(text: Uint8Array, starts: Int32Array, count: number): ChunkBytes | null {
    const module = scanKernel()
    if (module === null) return null
    try {
      const bytesAddress = textAddress(count)
      const chunk = new ChunkBytes(module, bytesAddress + text.length + TAIL_PADDING)
      chunk.byteView.set(text, bytesAddress)
      chunk.lowerAscii(bytesAddress, bytesAddress + text.length)
      chunk.writeStarts(bytesAddress, starts, count)
      return chunk
    } catch {
      return null
    }
  }

  /**
   * A chunk's lowercase text, whose records start at `lowerStarts` (UTF-16 offsets, one more for the
   * end + 1), as bytes; null where there is no kernel, the text has a lone surrogate, or memory is short.
   */
  static fromLowercase(lower: string, lowerStarts: Int32Array, count: number): ChunkBytes | null {
    const module = scanKernel()
    if (module === null) return null
    try {
      const bytesAddress = textAddress(count)
      const chunk = new ChunkBytes(module, bytesAddress + lower.length + TAIL_PADDING)
      let { read, written } = encoder.encodeInto(lower, chunk.byteView.subarray(bytesAddress))
      if (written !== lower.length) {
        // non-ASCII: check it has a UTF-8 form, grow once to the exact size, encode the rest
        const byteLength = utf8Length(lower)
        if (byteLength < 0) return null
        chunk.grow(bytesAddress + byteLength + TAIL_PADDING)
        if (read < lower.length) {
          const rest = encoder.encodeInto(lower.slice(read), chunk.byteView.subarray(bytesAddress + written))
          read += rest.read
          written += rest.written
        }
      }
      const starts = chunk.wordView.subarray(STARTS_ADDRESS >> 2, (STARTS_ADDRESS >> 2) + count + 1)
      if (written === lower.length) {
        for (let local = 0; local <= count; local++) starts[local] = bytesAddress + (lowerStarts[local] as number)
      } else {
        utf8Starts(lower, lowerStarts, count, bytesAddress, starts)
      }
      return chunk
    } catch {
      return null
    }
  }

  /** Bytes of the whole memory. */
  get byteLength(): number {
    return this.memory.buffer.byteLength
  }

  /** The whole memory as bytes. */
  bytes(): Uint8Array {
    return this.byteView
  }

  /** Byte address of record `local` (record `count` gives the chunk's end + 1). */
  recordStart(local: number): number {
    return this.wordView[(STARTS_ADDRESS >> 2) + local] as number
  }

  /**
   * Local numbers of the records in [first, end) that contain the needle, ascending, at most `cap`
   * (<= OUT_CAPACITY) of them; the view is valid until the next call.
   */
  match(first: number, end: number, needle: ByteNeedle, cap: number): Int32Array {
    this.placeNeedle(needle)
    const found = this.matchRecords(STARTS_ADDRESS, first, end, NEEDLE_ADDRESS, needle.bytes.length, needle.rarest, needle.secondRarest, OUT_ADDRESS, cap)
    return this.wordView.subarray(OUT_ADDRESS >> 2, (OUT_ADDRESS >> 2) + found)
  }

  /**
   * Keeps, of the local record numbers locals[0, count), those whose record contains the needle:
   * moves them, in order, to the front of `locals` and returns how many there are.
   */
  keepMatching(locals: Int32Array, count: number, needle: ByteNeedle): number {
    this.placeNeedle(needle)
    const scratch = this.wordView.subarray(OUT_ADDRESS >> 2, (OUT_ADDRESS >> 2) + OUT_CAPACITY)
    let kept = 0
    for (let begin = 0; begin < count; begin += OUT_CAPACITY) {
      const size = Math.min(OUT_CAPACITY, count - begin)
      scratch.set(locals.subarray(begin, begin + size))
      const found = this.matchListed(STARTS_ADDRESS, OUT_ADDRESS, size, NEEDLE_ADDRESS, needle.bytes.length, needle.rarest, needle.secondRarest)
      locals.set(scratch.subarray(0, found), kept)
      kept += found
    }
    return kept
  }

  private placeNeedle(needle: ByteNeedle): void {
    if (this.needleInPlace === needle) return
    this.byteView.set(needle.bytes, NEEDLE_ADDRESS)
    this.needleInPlace = needle
  }

  private grow(byteLength: number): void {
    if (byteLength > this.memory.buffer.byteLength) this.memory.grow(Math.ceil((byteLength - this.memory.buffer.byteLength) / PAGE))
    this.byteView = new Uint8Array(this.memory.buffer)
    this.wordView = new Int32Array(this.memory.buffer)
  }
}

/** Whether a string has a UTF-8 form (no lone surrogates): only then can bytes stand for it. */
export function hasUtf8Form(text: string): boolean {
  return utf8Length(text) >= 0
}

/** UTF-8 length of a string, or -1 when it has a lone surrogate (no UTF-8 form). */
function utf8Length(text: string): number {
  let length = 0
  for (let unit = 0; unit < text.length; unit++) {
    const code = text.charCodeAt(unit)
    if (code < 0x80) length += 1
    else if (code < 0x800) length += 2
    else if (code < 0xd800 || code > 0xdfff) length += 3
    else {
      const next = text.charCodeAt(unit + 1)
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return -1
      length += 4
      unit++
    }
  }
  return length
}

/** Record starts as UTF-8 byte addresses (the text is well-formed). */
function utf8Starts(lower: string, lowerStarts: Int32Array, count: number, bytesAddress: number, starts: Int32Array): void {
  let byte = bytesAddress
  let local = 0
  for (let unit = 0; unit < lower.length; unit++) {
    while (local <= count && lowerStarts[local] === unit) starts[local++] = byte
    const code = lower.charCodeAt(unit)
    if (code < 0x80) byte += 1
    else if (code < 0x800) byte += 2
    else if (code < 0xd800 || code > 0xdfff) byte += 3
    else {
      byte += 4
      unit++
    }
  }
  // what is left: records starting at the very end (empty last fields) and the end + 1
  while (local <= count) {
    starts[local] = byte + ((lowerStarts[local] as number) - lower.length)
    local++
  }
}
