// Where each field of a chunk's records ends, relative to its record's start (the field's text is
// [begin, end) of the record; the next field begins one past the end, after the separator).
//
// Ends grow along a record, so the fields whose ends fit a byte in every record of a chunk are its
// first ones: they are kept a byte each, the rest 16 bits each (32 past 65,535 characters). The ends
// live as long as the table, one per cell: for the generated data's 13 fields (records of ~200
// characters, the first 8 or 9 fields ending before the 256th) that is ~18 bytes a record, not 26.

export class FieldEnds {
  private constructor(
    /** Fields a record. */
    readonly width: number,
    /** The first fields, whose ends are kept in `narrow`. */
    private readonly narrowWidth: number,
    /** Ends of the first `narrowWidth` fields, record after record. */
    private readonly narrow: Uint8Array,
    /** Ends of the other fields, record after record. */
    private readonly wide: Uint16Array | Uint32Array,
  ) {}

  /** The ends of `count` records of `width` fields, given record after record (`ends[local * width + field]`). */
  static of(ends: ArrayLike<number>, count: number, width: number): FieldEnds {
    if (ends.length < count * width) throw new RangeError(`FieldEnds: ${count} records of ${width} fields need ${count * width} ends, got ${ends.length}`)
    const highest = new Array<number>(width).fill(0)
    for (let local = 0; local < count; local++) {
      for (let field = 0; field < width; field++) {
        const end = ends[local * width + field] as number
        if (end > (highest[field] as number)) highest[field] = end
      }
    }
    let narrowWidth = 0
    while (narrowWidth < width && (highest[narrowWidth] as number) <= 0xff) narrowWidth++
    const wideWidth = width - narrowWidth
    const widest = wideWidth === 0 ? 0 : Math.max(...highest.slice(narrowWidth))
    const narrow = new Uint8Array(count * narrowWidth)
    const wide = widest <= 0xffff ? new Uint16Array(count * wideWidth) : new Uint32Array(count * wideWidth)
    for (let local = 0; local < count; local++) {
      const from = local * width
      for (let field = 0; field < narrowWidth; field++) narrow[local * narrowWidth + field] = ends[from + field] as number
      for (let field = narrowWidth; field < width; field++) wide[local * wideWidth + field - narrowWidth] = ends[from + field] as number
    }
    return new FieldEnds(width, narrowWidth, narrow, wide)
  }

  /** Where field `field` of record `local` ends. */
  end(local: number, field: number): number {
    const narrowWidth = this.narrowWidth
    if (field < narrowWidth) return this.narrow[local * narrowWidth + field] as number
    return this.wide[local * (this.width - narrowWidth) + field - narrowWidth] as number
  }

  /** Where field `field` of record `local` begins. */
  begin(local: number, field: number): number {
    return field === 0 ? 0 : this.end(local, field - 1) + 1
  }

  /** Bytes the ends take. */
  get byteLength(): number {
    return this.narrow.byteLength + this.wide.byteLength
  }
}
