// Records written as COPY text bytes (see `copyCell`), field by field, with no string per cell or per
// record: `_id`, a tab between fields, `\N` for an empty cell, a newline after each record, and the
// characters COPY reads specially (backslash, tab, newline, carriage return) escaped. It takes the same
// calls as the engine's AsciiRecordWriter, so a loader that writes its records itself (the generated
// demo resource) can write them as COPY's input as well as into a table.
import { writeDecimal } from '../engine/index.ts'

const BACKSLASH = 0x5c
const TAB = 0x09
const NEWLINE = 0x0a
const RETURN = 0x0d
const LETTER_N = 0x4e
const LETTER_T = 0x74
const LETTER_R = 0x72
const LETTER_LOWER_N = 0x6e
/** Enough room for a number or an escape. */
const SMALL_WRITE = 32

const utf8 = new TextEncoder()

/** The escape letter of a byte COPY's text format escapes, or 0 for any other byte. */
function escapeOf(code: number): number {
  if (code === BACKSLASH) return BACKSLASH
  if (code === TAB) return LETTER_T
  if (code === NEWLINE) return LETTER_LOWER_N
  if (code === RETURN) return LETTER_R
  return 0
}

/** A text's UTF-8 bytes as one COPY text cell (escaped). */
function cellBytes(text: string): Uint8Array {
  const writer = new CopyTextWriter([], 16)
  writer.write(utf8.encode(text))
  return writer.take().slice()
}

export class CopyTextWriter {
  private bytes: Uint8Array<ArrayBuffer>
  private length = 0
  private field = 0
  private readonly valueBytes: (readonly Uint8Array[] | undefined)[]

  constructor(
    /** Per field (after `_id`), the texts `value` may write, or undefined. */
    values: readonly (readonly string[] | undefined)[],
    initialBytes = 1 << 20,
  ) {
    this.bytes = new Uint8Array(initialBytes)
    this.valueBytes = values.map((list) => list?.map(cellBytes))
  }

  /** Starts a record: its `_id`. */
  startRecord(id: number): void {
    if (this.field !== 0) throw new Error('startRecord() in the middle of a record')
    this.digits(id)
    this.raw(TAB)
  }

  /** One byte of the current field (escaped as needed). */
  byte(code: number): void {
    const escape = escapeOf(code)
    if (escape !== 0) {
      this.raw(BACKSLASH)
      this.raw(escape)
    } else this.raw(code)
  }

  /** Bytes of the current field (ASCII or UTF-8), escaped as needed. */
  write(part: Uint8Array): void {
    if (this.length + 2 * part.length > this.bytes.length) this.grow(2 * part.length)
    const bytes = this.bytes
    let at = this.length
    for (let i = 0; i < part.length; i++) {
      const code = part[i] as number
      const escape = code > RETURN && code !== BACKSLASH ? 0 : escapeOf(code)
      if (escape === 0) bytes[at++] = code
      else {
        bytes[at++] = BACKSLASH
        bytes[at++] = escape
      }
    }
    this.length = at
  }

  /** A text of the current field. */
  ascii(text: string): void {
    this.write(utf8.encode(text))
  }

  /** A natural number in decimal, left-padded with zeros to `minDigits`. */
  digits(value: number, minDigits = 1): void {
    if (this.length + SMALL_WRITE > this.bytes.length) this.grow(SMALL_WRITE)
    this.length = writeDecimal(this.bytes, this.length, value, minDigits)
  }

  /** Ends the current field. */
  end(): void {
    this.raw(TAB)
    this.field++
  }

  /** The current field is empty (NULL). */
  nul(): void {
    this.raw(BACKSLASH)
    this.raw(LETTER_N)
    this.end()
  }

  /** The current field is value `index` of its list. */
  value(index: number): void {
    const bytes = this.valueBytes[this.field]?.[index]
    if (bytes === undefined) throw new RangeError(`Field ${this.field} has no value ${index} to write`)
    if (this.length + bytes.length > this.bytes.length) this.grow(bytes.length)
    this.bytes.set(bytes, this.length)
    this.length += bytes.length
    this.end()
  }

  /** Ends the record: its last tab becomes the newline. */
  endRecord(): void {
    if (this.field === 0 || (this.valueBytes.length > 0 && this.field !== this.valueBytes.length)) throw new Error(`A record needs ${this.valueBytes.length || 'at least one'} fields, got ${this.field}`)
    this.bytes[this.length - 1] = NEWLINE
    this.field = 0
  }

  /** The records written since the last take, as COPY text: the writer's own buffer, valid until the next write. */
  take(): Uint8Array<ArrayBuffer> {
    if (this.field !== 0) throw new Error('take() in the middle of a record')
    const written = this.bytes.subarray(0, this.length)
    this.length = 0
    return written
  }

  private raw(code: number): void {
    if (this.length >= this.bytes.length) this.grow(1)
    this.bytes[this.length++] = code
  }

  private grow(needed: number): void {
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + needed))
    grown.set(this.bytes.subarray(0, this.length))
    this.bytes = grown
  }
}
