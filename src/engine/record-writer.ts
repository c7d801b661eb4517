// Records written as ASCII bytes straight into the table's chunk layout (table.ts): each field's
// bytes and a `\x01`, the field ends and record starts noted on the way, a full chunk handed to
// the table (which decodes its text in one go), in this thread or, posted, in another. For a loader that makes its own text (the generated demo resource): no
// string per cell or per record, no joins, and the columns whose values come from a known list get
// their codes as they are written instead of hashing each cell's text.
//
// The chunks are the ones `TableBuilder.appendTexts` would make of the same texts, byte for byte.

/** A finished chunk of written records, as `TableBuilder.appendWrittenChunk` takes it. */
export interface WrittenChunk {
  readonly count: number
  /** The records' fields as ASCII bytes, each followed by `\x01`, without the last one's: the writer's own buffer, valid only until the chunk's handler returns. */
  readonly bytes: Uint8Array
  /** Start of each record in `text`, plus one past the end (count + 1 entries). */
  readonly starts: Int32Array
  /** Each field's end relative to its record's start (count * width entries). */
  readonly fieldEnds: Uint32Array
  /** Per column, one bit per record of the chunk set for a null; null when none is. */
  readonly nulls: readonly (Uint8Array | null)[]
  /** Per column written with `value`: each record's value index + 1 (0 = null); null for the others. */
  readonly codes: readonly (Uint16Array | null)[]
  /** Per column, the value list its codes index (the list given to the writer). */
  readonly values: readonly (readonly string[] | undefined)[]
}

const SEPARATOR = 1
/** Enough room for any call but `ascii`/`bytes`, which ask for their own length. */
const SMALL_WRITE = 32

/** The bytes of an ASCII text (what the writer can store), or a RangeError naming the text. */
export function asciiBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code > 0x7f || code === SEPARATOR) throw new RangeError(`Only ASCII text without \\x01 can be written this way, got ${JSON.stringify(text)}`)
    bytes[i] = code
  }
  return bytes
}

/**
 * Writes the natural number `value` in decimal into `bytes` at `at`, left-padded with zeros to
 * `minDigits`; returns where it ends. The caller has made room (a safe integer has at most 16 digits).
 */
export function writeDecimal(bytes: Uint8Array, at: number, value: number, minDigits = 1): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`digits() writes natural numbers, got ${value}`)
  let size = 1
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) size++
  if (size < minDigits) size = minDigits
  const end = at + size
  let next = end
  for (let rest = value, written = 0; written < size; written++, rest = Math.floor(rest / 10)) bytes[--next] = 0x30 + (rest % 10)
  return end
}

export class AsciiRecordWriter {
  private bytes: Uint8Array
  private length = 0
  private recordStart = 0
  private field = 0
  private count = 0
  private readonly starts: Int32Array
  private readonly fieldEnds: Uint32Array
  private nulls: (Uint8Array | null)[]
  private codes: (Uint16Array | null)[]
  private readonly valueBytes: (readonly Uint8Array[] | undefined)[]

  constructor(
    private readonly width: number,
    private readonly chunkSize: number,
    /** Per column, the values `value` may write (each ASCII, at most 65,535 of them), or undefined. */
    private readonly values: readonly (readonly string[] | undefined)[],
    private readonly flush: (chunk: WrittenChunk) => void,
  ) {
    // room for a chunk of records of a few hundred bytes at once: every growth copies and is new external memory
    this.bytes = new Uint8Array(Math.min(chunkSize * 256, 1 << 24))
    this.starts = new Int32Array(chunkSize + 1)
    this.fieldEnds = new Uint32Array(chunkSize * width)
    this.valueBytes = Array.from({ length: width }, (_, position) => {
      const list = values[position]
      if (list !== undefined && list.length > 0xffff) throw new RangeError(`At most 65,535 values per written column, got ${list.length}`)
      return list?.map(asciiBytes)
    })
    this.nulls = this.emptyNulls()
    this.codes = this.emptyCodes()
  }

  /** One byte of the current field (ASCII, not `\x01`: the caller's promise). */
  byte(code: number): void {
    if (this.length >= this.bytes.length) this.grow(1)
    this.bytes[this.length++] = code
  }

  /** Bytes made by `asciiBytes`. */
  write(part: Uint8Array): void {
    if (this.length + part.length > this.bytes.length) this.grow(part.length)
    const bytes = this.bytes
    let at = this.length
    for (let i = 0; i < part.length; i++) bytes[at++] = part[i] as number
    this.length = at
  }

  /** A text of the current field; throws on a character `asciiBytes` refuses. */
  ascii(text: string): void {
    this.write(asciiBytes(text))
  }

  /** A natural number in decimal, left-padded with zeros to `minDigits`. */
  digits(value: number, minDigits = 1): void {
    if (this.length + SMALL_WRITE > this.bytes.length) this.grow(SMALL_WRITE)
    this.length = writeDecimal(this.bytes, this.length, value, minDigits)
  }

  /** Ends the current field (not one of a column with a value list: `value` or `nul` ends those). */
  end(): void {
    if (this.values[this.field] !== undefined) throw new Error(`Column ${this.field} is written with value() or nul()`)
    this.endField()
  }

  private endField(): void {
    this.fieldEnds[this.count * this.width + this.field] = this.length - this.recordStart
    this.byte(SEPARATOR)
    this.field++
  }

  /** The current field is null. */
  nul(): void {
    const position = this.field
    const bits = (this.nulls[position] ??= new Uint8Array((this.chunkSize + 7) >> 3))
    bits[this.count >> 3] |= 1 << (this.count & 7)
    this.endField()
  }

  /** The current field is value `index` of its column's list: written and coded. */
  value(index: number): void {
    const position = this.field
    const list = this.valueBytes[position]
    const bytes = list?.[index]
    if (list === undefined || bytes === undefined) throw new RangeError(`Column ${position} has no value ${index} to write`)
    const codes = (this.codes[position] ??= new Uint16Array(this.chunkSize))
    codes[this.count] = index + 1
    this.write(bytes)
    this.endField()
  }

  /** Ends the record (every field written); a full chunk goes to the table. */
  endRecord(): void {
    if (this.field !== this.width) throw new Error(`A record needs ${this.width} fields, got ${this.field}`)
    this.count++
    this.starts[this.count] = this.length
    this.recordStart = this.length
    this.field = 0
    if (this.count === this.chunkSize) this.finishChunk()
  }

  /** Hands over the last, partial chunk (after the last record). */
  finish(): void {
    if (this.field !== 0) throw new Error('finish() in the middle of a record')
    if (this.count > 0) this.finishChunk()
  }

  private finishChunk(): void {
    const { count } = this
    // the codes of a column whose list was never used in the chunk are all null: zeros
    const codes = this.codes.map((column, position) => column ?? (this.values[position] === undefined ? null : new Uint16Array(this.chunkSize)))
    this.flush({
      count,
      bytes: this.bytes.subarray(0, this.length - 1),
      starts: this.starts.slice(0, count + 1),
      fieldEnds: this.fieldEnds.subarray(0, count * this.width),
      nulls: this.nulls,
      codes,
      values: this.values,
    })
    this.length = 0
    this.recordStart = 0
    this.count = 0
    this.nulls = this.emptyNulls()
    this.codes = this.emptyCodes()
  }

  private emptyNulls(): (Uint8Array | null)[] {
    return new Array<Uint8Array | null>(this.width).fill(null)
  }

  private emptyCodes(): (Uint16Array | null)[] {
    return new Array<Uint16Array | null>(this.width).fill(null)
  }

  private grow(needed: number): void {
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + needed))
    grown.set(this.bytes.subarray(0, this.length))
    this.bytes = grown
  }
}
