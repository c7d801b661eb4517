// Where each field of a chunk's records ends, relative to its record's start (the field's text is
// [begin, end) of the record; the next field begins one past the end, after the separator).
//
// The ends are one number a cell, kept as long as the table, so they are kept in a byte where they
// can be: a field's end is stored as its distance from a base, the record's start or an earlier
// field's end, when that distance fits a byte in every record of the chunk. Fields are taken in
// order: a run of fields shares the record's start as base while their ends fit a byte, then the
// end of the field before the first one that does not becomes the next run's base, and so on; a
// field longer than a byte can span is kept whole (16 bits, 32 past 65,535 characters) and is the
// next run's base. Reading an end adds the distances along the run's bases (one addition a run
// before it). For the generated data's 13 fields (records of ~200 characters) that is 13 bytes a
// record, not 26 at 16 bits each.

/** Base of a field whose end is kept whole. */
const WHOLE = -2
/** Base of a field whose end is kept as its distance from the record's start. */
const RECORD_START = -1

export class FieldEnds {
  private constructor(
    /** Fields a record. */
    readonly width: number,
    /** Per field: the field whose end its distance is from, RECORD_START, or WHOLE. */
    private readonly bases: Int8Array | Int32Array,
    /** Per field: its place among the fields kept in bytes, or among those kept whole. */
    private readonly slots: Int32Array,
    /** Distances, `byteWidth` a record, record after record. */
    private readonly bytes: Uint8Array,
    private readonly byteWidth: number,
    /** Whole ends, `wholeWidth` a record, record after record. */
    private readonly whole: Uint16Array | Uint32Array,
    private readonly wholeWidth: number,
  ) {}

  /** The ends of `count` records of `width` fields, given record after record (`ends[local * width + field]`). */
  static of(ends: ArrayLike<number>, count: number, width: number): FieldEnds {
    if (ends.length < count * width) throw new RangeError(`FieldEnds: ${count} records of ${width} fields need ${count * width} ends, got ${ends.length}`)
    const bases = width < 128 ? new Int8Array(width) : new Int32Array(width)
    const slots = new Int32Array(width)
    let byteWidth = 0
    let wholeWidth = 0
    let widest = 0
    let base = RECORD_START
    for (let field = 0; field < width; field++) {
      let span = farthest(ends, count, width, field, base)
      if (span > 0xff && field > 0 && base !== field - 1) {
        base = field - 1
        span = farthest(ends, count, width, field, base)
      }
      if (span <= 0xff) {
        bases[field] = base
        slots[field] = byteWidth++
      } else {
        bases[field] = WHOLE
        slots[field] = wholeWidth++
        widest = Math.max(widest, farthest(ends, count, width, field, RECORD_START))
        base = field
      }
    }
    const bytes = new Uint8Array(count * byteWidth)
    const whole = widest <= 0xffff ? new Uint16Array(count * wholeWidth) : new Uint32Array(count * wholeWidth)
    // a field at a time: a loop without branches per cell (a chunk holds close to a million ends)
    for (let field = 0; field < width; field++) {
      const fieldBase = bases[field] as number
      const slot = slots[field] as number
      if (fieldBase === WHOLE) for (let local = 0; local < count; local++) whole[local * wholeWidth + slot] = ends[local * width + field] as number
      else if (fieldBase === RECORD_START) for (let local = 0; local < count; local++) bytes[local * byteWidth + slot] = ends[local * width + field] as number
      else for (let local = 0; local < count; local++) bytes[local * byteWidth + slot] = (ends[local * width + field] as number) - (ends[local * width + fieldBase] as number)
    }
    return new FieldEnds(width, bases, slots, bytes, byteWidth, whole, wholeWidth)
  }

  /** Where field `field` of record `local` ends. */
  end(local: number, field: number): number {
    let end = 0
    for (let at = field; ; ) {
      const base = this.bases[at] as number
      if (base === WHOLE) return end + (this.whole[local * this.wholeWidth + (this.slots[at] as number)] as number)
      end += this.bytes[local * this.byteWidth + (this.slots[at] as number)] as number
      if (base === RECORD_START) return end
      at = base
    }
  }

  /** Where field `field` of record `local` begins. */
  begin(local: number, field: number): number {
    return field === 0 ? 0 : this.end(local, field - 1) + 1
  }

  /** Bytes the ends take. */
  get byteLength(): number {
    return this.bytes.byteLength + this.whole.byteLength
  }
}

/** The largest distance of a field's end from its base's end (or the record's start) over `count` records. */
function farthest(ends: ArrayLike<number>, count: number, width: number, field: number, base: number): number {
  let highest = 0
  if (base === RECORD_START) {
    for (let at = field; at < count * width; at += width) if ((ends[at] as number) > highest) highest = ends[at] as number
  } else {
    for (let at = 0; at < count * width; at += width) highest = Math.max(highest, (ends[at + field] as number) - (ends[at + base] as number))
  }
  return highest
}
