// The table store: records kept as text in flat chunk strings, built once, then read-only.
//
// Layout of one chunk (64k records by default): every field's text followed by `\x01`, record after
// record, in one string (`text`). Its lowercase copy, which `q` searches, is made on the chunk's first
// search (lower-text.ts).
// `starts` gives each record's offset (one extra entry for the end), `fieldEnds` each field's end
// relative to its record (field-ends.ts), so field boundaries never depend on the content: a value may itself contain
// `\x01` (only a needle containing `\x01` then needs the slow path, see textSearch.ts). A needle
// without `\x01` can never match across two fields or two records.
// Nulls are marked per column; low-cardinality columns are dictionary-coded while loading, the others
// get the same index lazily on their first filter, sort or summary, or in idle time (column-index.ts).

import { cellEncoder, type CellEncoder } from './cell-text.ts'
import { FieldEnds } from './field-ends.ts'
import { writtenChunkFingerprints } from './text-fingerprint.ts'
import { buildColumnIndex, buildColumnIndexSteps, ColumnCodesBuilder, narrowCodesSteps, type ColumnIndex, type ValueRanges } from './column-index.ts'
import { cellScale, NO_SCALES, ScaleColumnsBuilder, type ScaleColumns } from './numeric-scale.ts'
import { lowerTextFromAscii } from './lower-text.ts'
import { AsciiRecordWriter, type WrittenChunk } from './record-writer.ts'
import type { FieldInfo, RecordObject } from './types.ts'
import { runToEnd, type Steps } from './steps.ts'

export const DEFAULT_CHUNK_SIZE = 65536
export const DEFAULT_BLOCK_SIZE = 512
/** A column is dictionary-coded while loading only while it has at most this many distinct values. */
const EAGER_DICTIONARY_LIMIT = 256
const SEPARATOR = '\x01'
/**
 * Records whose texts are joined into one piece of their chunk's text while loading: a piece of a few
 * hundred KB is born in the large-object space, which a young-generation GC never copies.
 */
const JOIN_EVERY = 1024
/** Records a unique column's index takes per step when built in steps. */
const UNIQUE_SLICE = 65_536
/** Lookups in a unique column's index answered by scanning its values before its map is made. */
const UNIQUE_SCANS = 4
/** Records coded per step of a column index built after loading. */
const INDEX_SLICE = 8192

export interface TableOptions {
  /** Records per chunk string (tests use tiny chunks to cross chunk boundaries). */
  chunkSize?: number
  /** Records per block of the trigram skip index. */
  blockSize?: number
  /** Search text with the WebAssembly SIMD kernel where the runtime has one (default true). */
  wasmScan?: boolean
  /**
   * Columns whose non-null cells the loader knows to be all different (an id it numbered itself):
   * their index is the record order, made on first use without looking for repeats. The loader's
   * promise: a repeated value would be counted as two.
   */
  uniqueColumns?: readonly string[]
}

/** The public face of a loaded resource. */
export interface Table {
  readonly fields: readonly FieldInfo[]
  readonly size: number
}

export interface Chunk {
  readonly first: number
  readonly count: number
  readonly text: string
  readonly starts: Int32Array
  readonly fieldEnds: FieldEnds
  /**
   * Per column, each record's text fingerprint (text-fingerprint.ts), where the loader took it from
   * the chunk's bytes: text columns coded neither eagerly nor as unique, the ones a first summary of
   * the whole table counts by fingerprints (column-counts.ts).
   */
  readonly fingerprints?: readonly (Uint32Array | undefined)[]
}

class EagerDictionary {
  codes = new Uint16Array(1024)
  readonly codeOf = new Map<string, number>()
  readonly values: string[] = ['']
  /** For `addCoded`: the list its codes index, and each list entry's code here (-1: not looked up yet). */
  private listed: readonly string[] | undefined
  private listCodes = new Int32Array(0)

  /** Room for `records` codes (the loader's estimate, or a growth by `add` and `addCoded`). */
  reserve(records: number): void {
    if (records <= this.codes.length) return
    const grown = new Uint16Array(records)
    grown.set(this.codes)
    this.codes = grown
  }

  /** Returns false once the column has too many distinct values to be worth coding eagerly. */
  add(index: number, text: string | null): boolean {
    if (index >= this.codes.length) this.reserve(this.codes.length * 2)
    if (text === null) return true
    let code = this.codeOf.get(text)
    if (code === undefined) {
      if (this.values.length > EAGER_DICTIONARY_LIMIT) return false
      code = this.values.length
      this.values.push(text)
      this.codeOf.set(text, code)
    }
    this.codes[index] = code
    return true
  }

  /**
   * Records `first`.. given as codes into `list` (index + 1, 0 = null), as `add` of each one's text
   * would code them: a list entry is looked up once. Not limited to EAGER_DICTIONARY_LIMIT values
   * (the limit bounds hashing while loading; these codes come with the records): false only past
   * 65,535 values.
   */
  addCoded(first: number, listCodes: Uint16Array, count: number, list: readonly string[]): boolean {
    if (first + count > this.codes.length) this.reserve(Math.max(this.codes.length * 2, first + count))
    if (this.listed !== list) {
      this.listed = list
      this.listCodes = new Int32Array(list.length + 1).fill(-1)
      this.listCodes[0] = 0
    }
    const codes = this.codes
    const mapped = this.listCodes
    for (let local = 0; local < count; local++) {
      const entry = listCodes[local] as number
      let code = mapped[entry] as number
      if (code < 0) {
        const text = list[entry - 1] as string
        code = this.codeOf.get(text) ?? -1
        if (code < 0) {
          // a listed column stays coded past the limit (its codes cost no hashing), while they fit 16 bits
          if (this.values.length > 0xffff) return false
          code = this.values.length
          this.values.push(text)
          this.codeOf.set(text, code)
        }
        mapped[entry] = code
      }
      codes[first + local] = code
    }
    return true
  }
}

export class StoredTable implements Table {
  readonly fields: readonly FieldInfo[]
  readonly size: number
  readonly chunkSize: number
  readonly blockSize: number
  /** Whether `q` may search this table's text with the WebAssembly kernel. */
  readonly wasmScan: boolean
  readonly chunks: readonly Chunk[]
  /** Per column, one bit per record (record r: bit r & 7 of byte r >> 3) set for a null; null when none is. */
  private readonly nulls: readonly (Uint8Array | null)[]
  /** Per column its index, or what makes it on first use (a prefix's eagerly coded columns), or undefined: coded from the text. */
  private readonly indexes: (ColumnIndex | (() => ColumnIndex) | undefined)[]
  /** Columns whose values are all different (`markUnique`), and their index builds under way in steps. */
  private readonly uniqueFields = new Set<number>()
  private readonly uniqueBuilds = new Map<number, Generator<void, ColumnIndex, undefined>>()
  private readonly fieldPosition: ReadonlyMap<string, number>
  /** Column indexes part-built by `columnIndexSteps`: the codes so far and the next records to add. */
  private readonly pendingIndexes = new Map<number, { builder: ColumnCodesBuilder; nextChunk: number; nextLocal: number; build?: Steps<ColumnIndex> }>()

  constructor(
    fields: readonly FieldInfo[],
    size: number,
    chunkSize: number,
    blockSize: number,
    wasmScan: boolean,
    chunks: readonly Chunk[],
    nulls: readonly (Uint8Array | null)[],
    indexes: (ColumnIndex | (() => ColumnIndex) | undefined)[],
    /** Numeric cells' loaded scales where they differ from the stored text's (numeric-scale.ts). */
    readonly scales: ScaleColumns = NO_SCALES,
  ) {
    this.fields = fields
    this.size = size
    this.chunkSize = chunkSize
    this.blockSize = blockSize
    this.wasmScan = wasmScan
    this.chunks = chunks
    this.nulls = nulls
    this.indexes = indexes
    this.fieldPosition = new Map(fields.map((field, position) => [field.id, position]))
  }

  /** Column position of a field id, or undefined (`_id` is not a stored column). */
  positionOf(fieldId: string): number | undefined {
    return this.fieldPosition.get(fieldId)
  }

  isNull(record: number, field: number): boolean {
    const nulls = this.nulls[field]
    return nulls !== null && nulls !== undefined && isNullBit(nulls, record)
  }

  chunkOf(record: number): Chunk {
    return this.chunks[Math.floor(record / this.chunkSize)] as Chunk
  }

  /** The stored text of one cell, or null. */
  fieldText(record: number, field: number): string | null {
    if (this.isNull(record, field)) return null
    const chunk = this.chunkOf(record)
    const local = record - chunk.first
    const recordStart = chunk.starts[local] as number
    return chunk.text.slice(recordStart + chunk.fieldEnds.begin(local, field), recordStart + chunk.fieldEnds.end(local, field))
  }

  /** The stored texts of several cells of one record (null for null cells), in the order asked. */
  fieldTexts(record: number, fields: readonly number[]): (string | null)[] {
    const chunk = this.chunkOf(record)
    const local = record - chunk.first
    const recordStart = chunk.starts[local] as number
    const { text, fieldEnds } = chunk
    const texts: (string | null)[] = []
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i] as number
      if (this.isNull(record, field)) {
        texts.push(null)
        continue
      }
      texts.push(text.slice(recordStart + fieldEnds.begin(local, field), recordStart + fieldEnds.end(local, field)))
    }
    return texts
  }

  /**
   * Bytes of what the table holds itself, by structure (text counted a byte a character): its chunks'
   * text, record starts and field ends, null bits, and each column index built so far.
   */
  heldBytes(): { structure: string; bytes: number }[] {
    const sum = (of: (chunk: Chunk) => number): number => this.chunks.reduce((total, chunk) => total + of(chunk), 0)
    const held = [
      { structure: 'chunk text', bytes: sum((chunk) => chunk.text.length) },
      { structure: 'record starts', bytes: sum((chunk) => chunk.starts.byteLength) },
      { structure: 'field ends', bytes: sum((chunk) => chunk.fieldEnds.byteLength) },
      { structure: 'null bits', bytes: this.nulls.reduce((total, bits) => total + (bits?.byteLength ?? 0), 0) },
    ]
    this.fields.forEach((field, position) => {
      const index = this.indexes[position]
      if (index !== undefined && typeof index !== 'function') held.push({ structure: `index of ${field.id}`, bytes: index.heldBytes() })
    })
    return held
  }

  /** The null bits of a column (record r: bit r & 7 of byte r >> 3), or null when no cell of it is null. */
  nullBitsOf(field: number): Uint8Array | null {
    return this.nulls[field] ?? null
  }

  /** Whether the loader said the column holds no value twice (`markUnique`). */
  isUniqueColumn(field: number): boolean {
    return this.uniqueFields.has(field)
  }

  /** Whether the column's value index is there without building it (coded while loading, or built since). */
  hasColumnIndex(field: number): boolean {
    const slot = this.indexes[field]
    return slot !== undefined && (typeof slot !== 'function' || !this.uniqueFields.has(field))
  }

  /** The share (0 to 1) of the table's chunks a column index build under way has coded; 0 when none is under way. */
  columnIndexProgress(field: number): number {
    const pending = this.pendingIndexes.get(field)
    return pending === undefined || this.chunks.length === 0 ? 0 : pending.nextChunk / this.chunks.length
  }

  /** Lazily built value index of a column (dictionary codes, posting lists, sort ranks). */
  columnIndex(field: number): ColumnIndex {
    const index = this.builtIndex(field)
    if (index !== undefined) return index
    const steps = this.columnIndexSteps(field)
    for (let step = steps.next(); ; step = steps.next()) if (step.done === true) return step.value
  }

  /**
   * The same, built a slice of a chunk at a time: yields after each slice's codes (a few ms for a
   * column of long distinct texts), returns the index. Steps taken by several callers (a summary,
   * the idle work, a search, `columnIndex`) share one build: each takes the next slice, none starts over.
   */
  *columnIndexSteps(field: number): Generator<void, ColumnIndex, undefined> {
    if (this.uniqueFields.has(field)) return yield* this.sharedUniqueIndexSteps(field)
    for (;;) {
      const built = this.builtIndex(field)
      if (built !== undefined) return built
      let pending = this.pendingIndexes.get(field)
      if (pending === undefined) {
        pending = { builder: new ColumnCodesBuilder(this.size), nextChunk: 0, nextLocal: 0 }
        this.pendingIndexes.set(field, pending)
      }
      const chunk = this.chunks[pending.nextChunk]
      if (chunk === undefined) {
        // every record coded: the index is made in steps of its own, shared like the coding
        pending.build ??= pending.builder.buildSteps()
        const step = pending.build.next()
        if (step.done === true) {
          this.indexes[field] = step.value
          this.pendingIndexes.delete(field)
          continue
        }
        yield
        continue
      }
      const from = pending.nextLocal
      const to = Math.min(chunk.count, from + INDEX_SLICE)
      // room for the slice's values first: a larger hash table is filled in steps of its own
      if (pending.builder.reserve(to - from)) {
        this.addChunkCodes(pending.builder, chunk, field, from, to)
        if (to === chunk.count) {
          pending.nextChunk++
          pending.nextLocal = 0
        } else pending.nextLocal = to
      }
      yield
    }
  }

  /** Makes `field` a column whose values are all different (TableBuilder's `uniqueColumns`): its index is built on first use. */
  markUnique(field: number): void {
    this.uniqueFields.add(field)
    this.indexes[field] = () => this.uniqueColumnIndex(field)
  }

  /** A unique column's index, built at once (continuing a build taken in steps, if one is under way). */
  private uniqueColumnIndex(field: number): ColumnIndex {
    const build = this.uniqueBuilds.get(field) ?? this.uniqueColumnIndexSteps(field)
    this.uniqueBuilds.delete(field)
    return runToEnd(build)
  }

  /** One build of a unique column's index shared by every caller that steps it. */
  private *sharedUniqueIndexSteps(field: number): Generator<void, ColumnIndex, undefined> {
    for (;;) {
      const built = this.indexes[field]
      if (built !== undefined && typeof built !== 'function') return built
      let build = this.uniqueBuilds.get(field)
      if (build === undefined) this.uniqueBuilds.set(field, (build = this.uniqueColumnIndexSteps(field)))
      const step = build.next()
      if (step.done === true) {
        this.uniqueBuilds.delete(field)
        this.indexes[field] = step.value
        return step.value
      }
      yield
    }
  }

  /**
   * The index of a column whose values are all different: each non-null cell its own code, in record
   * order, as coding it from the text would give; its lookup is a map made on first use. No hashing,
   * and no string made: each value is kept as where it lies in its chunk's text (`ranges`, 12 bytes a
   * value; a million sliced texts were tens of MB and their GC); yields every UNIQUE_SLICE records.
   */
  private *uniqueColumnIndexSteps(field: number): Generator<void, ColumnIndex, undefined> {
    const codes = new Uint32Array(this.size)
    const spans = new Int32Array(3 * (this.size + 1))
    const parents: string[] = []
    let count = 1
    const nulls = this.nulls[field]
    for (const { first, count: records, text, starts, fieldEnds } of this.chunks) {
      const parent = parents.length
      parents.push(text)
      for (let local = 0; local < records; local++) {
        if (local % UNIQUE_SLICE === UNIQUE_SLICE - 1) yield
        if (nulls !== null && nulls !== undefined && isNullBit(nulls, first + local)) continue
        const recordStart = starts[local] as number
        codes[first + local] = count
        spans[count * 3] = parent
        spans[count * 3 + 1] = recordStart + fieldEnds.begin(local, field)
        spans[count * 3 + 2] = recordStart + fieldEnds.end(local, field)
        count++
      }
    }
    yield
    const ranges: ValueRanges = { parents, spans }
    // The first few lookups scan the values where they lie (a summary asks for '' once: a map of a
    // million texts costs a second and its garbage); a column looked up more often gets the map.
    let lookup: Map<string, number> | undefined
    let scans = 0
    const codeFor = (value: string): number | undefined => {
      if (lookup === undefined && scans < UNIQUE_SCANS) {
        scans++
        for (let code = 1; code < count; code++) if (rangeHolds(ranges, code, value)) return code
        return undefined
      }
      lookup ??= new Map(index.values.map((text, code) => [text, code] as const).slice(1))
      return lookup.get(value)
    }
    const index = yield* buildColumnIndexSteps(yield* narrowCodesSteps(codes, count), { count, ranges }, codeFor)
    return index
  }

  private builtIndex(field: number): ColumnIndex | undefined {
    const slot = this.indexes[field]
    if (typeof slot !== 'function') return slot
    const index = slot()
    this.indexes[field] = index
    return index
  }

  private addChunkCodes(builder: ColumnCodesBuilder, { first, text, starts, fieldEnds }: Chunk, field: number, from: number, to: number): void {
    const nulls = this.nulls[field]
    for (let local = from; local < to; local++) {
      if (nulls !== null && nulls !== undefined && isNullBit(nulls, first + local)) continue
      const recordStart = starts[local] as number
      builder.add(first + local, text, recordStart + fieldEnds.begin(local, field), recordStart + fieldEnds.end(local, field))
    }
  }
}

/** A chunk's records appended but not yet joined into its text. */
interface FullChunk {
  first: number
  count: number
  parts: string[]
  pieces: string[]
  starts: Int32Array
  fieldEnds: FieldEnds
}

export class TableBuilder {
  private readonly fields: readonly FieldInfo[]
  /** Records per chunk (a writer in another thread writes chunks of this size). */
  readonly chunkSize: number
  private readonly blockSize: number
  private readonly wasmScan: boolean
  /** Decodes written chunks (ASCII: one byte per character). */
  private readonly asciiDecoder = new TextDecoder()
  private readonly chunks: Chunk[] = []
  private readonly nulls: (Uint8Array | null)[]
  private readonly dictionaries: (EagerDictionary | null)[]
  private readonly encoders: CellEncoder[]
  private readonly scales = new ScaleColumnsBuilder()
  private readonly recordScales: (number | undefined)[]
  /** The current piece's records so far, each one flat string of its fields (the cells' strings die young). */
  private parts: string[] = []
  /** The current chunk's text so far, joined a few thousand records at a time (one join of a whole chunk takes tens of ms). */
  private pieces: string[] = []
  /** Start of each record of the current chunk, plus the end. */
  private starts: Int32Array
  private fieldEnds: Uint32Array
  /** A chunk filled by `appendTexts` whose text is not joined yet (`finishFullChunk`). */
  private full: FullChunk | undefined
  private chunkCount = 0
  private count = 0
  private built = false
  private readonly recordTexts: (string | null)[]
  private snapshotTable: StoredTable | undefined
  /** Positions of the columns the loader says hold no value twice. */
  private readonly unique: ReadonlySet<number>

  constructor(fields: FieldInfo[], options: TableOptions = {}) {
    const seen = new Set<string>()
    for (const field of fields) {
      if (field.id === '_id') throw new Error('Field "_id" is implicit and must not be listed')
      if (seen.has(field.id)) throw new Error(`Field "${field.id}" is listed twice`)
      seen.add(field.id)
    }
    const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE
    const blockSize = options.blockSize ?? DEFAULT_BLOCK_SIZE
    for (const [name, value] of [['chunkSize', chunkSize], ['blockSize', blockSize]] as const) {
      if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${value}`)
    }
    this.blockSize = blockSize
    this.wasmScan = options.wasmScan ?? true
    this.fields = fields.map((field) => ({ id: field.id, type: field.type }))
    this.chunkSize = chunkSize
    this.nulls = fields.map(() => null)
    const unique = new Set(options.uniqueColumns ?? [])
    this.unique = new Set(this.fields.flatMap((field, position) => (unique.has(field.id) ? [position] : [])))
    // a unique column would only fill its dictionary to drop it
    this.dictionaries = fields.map((_, position) => (this.unique.has(position) ? null : new EagerDictionary()))
    this.encoders = this.fields.map(cellEncoder)
    this.recordTexts = this.fields.map(() => null)
    this.recordScales = this.fields.map(() => undefined)
    this.starts = new Int32Array(chunkSize + 1)
    this.fieldEnds = new Uint32Array(Math.min(chunkSize, 1024) * fields.length)
  }

  append(record: RecordObject): void {
    if (this.built) throw new Error('TableBuilder.append called after build()')
    const width = this.fields.length
    const texts = this.recordTexts
    const scales = this.recordScales
    for (let position = 0; position < width; position++) {
      const field = this.fields[position] as FieldInfo
      const value = record[field.id]
      texts[position] = (this.encoders[position] as CellEncoder)(value)
      scales[position] = cellScale(field.type, value, texts[position] ?? null)
    }
    this.appendTexts(texts, scales)
  }

  /**
   * One record given as its cells' stored texts in field order (null for a null cell), exactly as
   * `cellToText` would give them: loaders that already hold canonical text (the generator, CSV
   * columns checked by `inferFieldTypes`) skip building row objects. `scales`: numeric cells' loaded
   * scales where they differ from their text's own (`differingScale`). The arrays are not kept.
   */
  appendTexts(texts: readonly (string | null)[], scales?: readonly (number | undefined)[]): void {
    if (this.built) throw new Error('TableBuilder.appendTexts called after build()')
    const index = this.count
    const width = this.fields.length
    const endsBase = this.chunkCount * width
    if (endsBase + width > this.fieldEnds.length) {
      const grown = new Uint32Array(Math.min(this.chunkSize * width, this.fieldEnds.length * 2))
      grown.set(this.fieldEnds)
      this.fieldEnds = grown
    }
    let length = 0
    for (let position = 0; position < width; position++) {
      const text = texts[position] ?? null
      if (text === null) this.markNull(index, position)
      const dictionary = this.dictionaries[position]
      if (dictionary && !dictionary.add(index, text)) this.dictionaries[position] = null
      length += text === null ? 0 : text.length
      this.fieldEnds[endsBase + position] = length
      length += 1
    }
    // one flat copy per record (join writes a sequential string; null joins as ''): a parser's
    // cells are slices of its input, which the cells would otherwise keep alive until the piece is joined
    this.parts.push(texts.length === width ? texts.join(SEPARATOR) : texts.slice(0, width).join(SEPARATOR))
    if (scales !== undefined) this.scales.add(index, scales)
    this.chunkCount++
    this.starts[this.chunkCount] = (this.starts[this.chunkCount - 1] as number) + length
    this.count++
    if (this.chunkCount === this.chunkSize) this.closeChunk()
    else if ((this.chunkCount & (JOIN_EVERY - 1)) === 0) {
      this.pieces.push(this.parts.join(SEPARATOR))
      this.parts = []
    }
  }

  /**
   * Room for about `records` records in the columns coded while loading, made now: a loader that can
   * estimate its size (bytes read of bytes in all) calls it early. Otherwise every coded column
   * doubles its codes at the same record, each doubling a copy into fresh memory, all in one step of
   * the load (tens of ms at a million records); reserved, the pages are first written as records come.
   */
  reserve(records: number): void {
    for (const dictionary of this.dictionaries) dictionary?.reserve(records)
  }

  /**
   * A writer of records as ASCII bytes into this table's chunks (record-writer.ts), for a loader that
   * makes its own text: `values` lists, per field id, the values a column is written from (`value`),
   * so it is coded without reading its text. Call its `finish()` before `build()`; nothing else may
   * append meanwhile. With `flush`, the chunks go there instead (to be posted to another thread, whose
   * builder of the same fields appends them with `appendWrittenChunk`).
   */
  recordWriter(values: Readonly<Record<string, readonly string[]>> = {}, flush?: (chunk: WrittenChunk) => void): AsciiRecordWriter {
    if (this.count > 0) throw new Error('TableBuilder.recordWriter needs an empty table')
    const lists = this.fields.map((field) => (Object.hasOwn(values, field.id) ? values[field.id] : undefined))
    return new AsciiRecordWriter(this.fields.length, this.chunkSize, lists, flush ?? ((chunk) => this.appendWrittenChunk(chunk)))
  }

  /**
   * A chunk made by a writer of this table's fields, chunk size and value lists (`recordWriter`'s, or
   * one in another thread whose chunk was posted here): the same chunk, nulls and eager codes as
   * `appendTexts` of its records.
   */
  appendWrittenChunk(chunk: WrittenChunk): void {
    if (this.built) throw new Error('TableBuilder: records written after build()')
    this.finishFullChunk()
    if (this.chunkCount !== 0 || this.count % this.chunkSize !== 0) throw new Error('TableBuilder: a written chunk must follow whole chunks')
    const { count, starts, fieldEnds } = chunk
    const width = this.fields.length
    if (!(count > 0 && count <= this.chunkSize) || starts.length !== count + 1 || fieldEnds.length !== count * width || chunk.bytes.length !== (starts[count] as number) - 1) {
      throw new Error('TableBuilder: a written chunk whose parts do not agree')
    }
    const text = this.asciiDecoder.decode(chunk.bytes)
    const first = this.count
    for (let position = 0; position < width; position++) {
      const bits = chunk.nulls[position] ?? null
      if (bits !== null) {
        for (let byte = 0; byte < bits.length; byte++) {
          const set = bits[byte] as number
          if (set === 0) continue
          for (let bit = 0; bit < 8; bit++) if ((set & (1 << bit)) !== 0) this.markNull(first + byte * 8 + bit, position)
        }
      }
      const dictionary = this.dictionaries[position]
      if (!dictionary) continue
      const codes = chunk.codes[position] ?? null
      const list = chunk.values[position]
      let coded = true
      if (codes !== null && list !== undefined) coded = dictionary.addCoded(first, codes, count, list)
      else {
        // the cells' text: a column of many values stops being coded after a few hundred of them
        for (let local = 0; local < count && coded; local++) {
          const isNull = bits !== null && ((bits[local >> 3] as number) & (1 << (local & 7))) !== 0
          const begin = position === 0 ? 0 : (fieldEnds[local * width + position - 1] as number) + 1
          const recordStart = starts[local] as number
          coded = dictionary.add(first + local, isNull ? null : text.slice(recordStart + begin, recordStart + (fieldEnds[local * width + position] as number)))
        }
      }
      if (!coded) this.dictionaries[position] = null
    }
    const ends = FieldEnds.of(fieldEnds, count, width)
    // the bytes are at hand: the fingerprints a first summary counts text columns by are taken from
    // them now rather than from the text encoded back into bytes then (as a 1M load ended, about a
    // third of the worker's time for the description column's summary)
    const fingerprints = this.fields.map((field, position) =>
      field.type === 'text' && !this.unique.has(position) && !this.dictionaries[position] ? writtenChunkFingerprints(chunk.bytes, count, starts, ends, position) : undefined,
    )
    const stored: Chunk = { first, count, text, starts, fieldEnds: ends, ...(fingerprints.some((hashes) => hashes !== undefined) ? { fingerprints } : {}) }
    // and the copy every `q` scans, rather than encoded from the text later
    lowerTextFromAscii(this.wasmScan, stored, chunk.bytes)
    this.chunks.push(stored)
    this.count += count
  }

  build(): Table {
    return runToEnd(this.buildSteps())
  }

  /**
   * The same in steps: the last chunk's text, then each coded column's index (counting a million
   * records' codes is several ms a column), for a loader that gives the event loop turns meanwhile.
   */
  *buildSteps(): Steps<Table> {
    if (this.built) throw new Error('TableBuilder.build called twice')
    this.built = true
    this.finishFullChunk()
    if (this.chunkCount > 0) {
      this.closeChunk()
      yield
      this.finishFullChunk()
    }
    const indexes: (ColumnIndex | (() => ColumnIndex) | undefined)[] = []
    for (const dictionary of this.dictionaries) {
      yield
      if (dictionary === null) {
        indexes.push(undefined)
        continue
      }
      const codes = yield* narrowCodesSteps(dictionary.codes.subarray(0, this.count), dictionary.values.length)
      indexes.push(yield* buildColumnIndexSteps(codes, dictionary.values, dictionary.codeOf))
    }
    yield
    const nulls = this.nulls.map((bits) => (bits ? bits.slice(0, (this.count + 7) >> 3) : null))
    const table = new StoredTable(this.fields, this.count, this.chunkSize, this.blockSize, this.wasmScan, this.chunks, nulls, indexes, this.scales.build(this.count))
    for (const position of this.unique) table.markUnique(position)
    return table
  }

  /** Number of chunks finished so far (what `snapshot` holds); a full chunk is finished first. */
  finishedChunks(): number {
    this.finishFullChunk()
    return this.chunks.length
  }

  /** Whether a chunk is full but its text not joined yet (`finishFullChunk`). */
  hasFullChunk(): boolean {
    return this.full !== undefined
  }

  /**
   * Joins the text of the chunk filled last (if not done yet): a few MB of fresh memory in one go,
   * the longest single step of a load. A loader that gives the event loop turns calls it in a turn of
   * its own; otherwise it is done when the next chunk fills, or by `finishedChunks`, `snapshot` or `build`.
   */
  finishFullChunk(): boolean {
    const full = this.full
    if (full === undefined) return false
    this.full = undefined
    if (full.parts.length > 0) full.pieces.push(full.parts.join(SEPARATOR))
    const { first, count, starts, fieldEnds } = full
    this.chunks.push({ first, count, text: full.pieces.join(SEPARATOR), starts, fieldEnds })
    return true
  }

  /**
   * The table of the records in finished chunks, while appending goes on: a prefix of the final
   * table (same chunks, so their lowercase copies and skip indexes carry over), for answers that a
   * prefix decides. Cached until the next chunk finishes.
   */
  snapshot(): Table {
    this.finishFullChunk()
    const size = this.chunks.length === 0 ? 0 : (this.chunks[this.chunks.length - 1] as Chunk).first + (this.chunks[this.chunks.length - 1] as Chunk).count
    if (this.snapshotTable?.size === size) return this.snapshotTable
    // No copy of the eager dictionaries (the cost grew with each chunk): a prefix answers few queries,
    // so a column it filters on gets its index on first use, from the codes given so far (a view of
    // them: codes of records already added never change).
    const indexes = this.dictionaries.map((dictionary) => (dictionary ? () => prefixIndex(dictionary, size) : undefined))
    const nulls = this.nulls.map((bits) => (bits ? bits.slice(0, (size + 7) >> 3) : null))
    this.snapshotTable = new StoredTable(this.fields, size, this.chunkSize, this.blockSize, this.wasmScan, this.chunks.slice(), nulls, indexes, this.scales.build(size))
    return this.snapshotTable
  }

  private markNull(index: number, position: number): void {
    let bits = this.nulls[position] ?? null
    if (bits === null || index >> 3 >= bits.length) {
      const grown = new Uint8Array(Math.max(128, ((index >> 3) + 1) * 2))
      if (bits) grown.set(bits)
      bits = grown
      this.nulls[position] = bits
    }
    bits[index >> 3] |= 1 << (index & 7)
  }

  /** The current chunk is full: its offsets are copied now, its text waits for `finishFullChunk`. */
  private closeChunk(): void {
    this.finishFullChunk()
    const count = this.chunkCount
    const fieldEnds = FieldEnds.of(this.fieldEnds, count, this.fields.length)
    this.full = { first: this.count - count, count, parts: this.parts, pieces: this.pieces, starts: this.starts.slice(0, count + 1), fieldEnds }
    this.parts = []
    this.pieces = []
    this.chunkCount = 0
  }

}

/**
 * The index of an eagerly coded column over its first `size` records. Codes are given in order of
 * first appearance, so the codes of a prefix are 1..its highest one: later values are left out.
 */
function prefixIndex(dictionary: EagerDictionary, size: number): ColumnIndex {
  const codes = dictionary.codes.subarray(0, size)
  let highest = 0
  for (let record = 0; record < size; record++) if ((codes[record] as number) > highest) highest = codes[record] as number
  const { codeOf } = dictionary
  const lookup = (text: string): number | undefined => {
    const code = codeOf.get(text)
    return code !== undefined && code <= highest ? code : undefined
  }
  return buildColumnIndex(codes, dictionary.values.slice(0, highest + 1), lookup)
}

/** Whether record `record`'s bit is set in a column's null bits. */
export function isNullBit(bits: Uint8Array, record: number): boolean {
  return ((bits[record >> 3] as number) & (1 << (record & 7))) !== 0
}

export function asStoredTable(table: Table): StoredTable {
  if (!(table instanceof StoredTable)) throw new TypeError('This table was not built by the engine\'s TableBuilder')
  return table
}

/** Whether code `code` of `ranges` is the text `value`, compared where it lies. */
function rangeHolds({ parents, spans }: ValueRanges, code: number, value: string): boolean {
  const start = spans[code * 3 + 1] as number
  const end = spans[code * 3 + 2] as number
  if (end - start !== value.length) return false
  const parent = parents[spans[code * 3] as number] as string
  for (let i = 0; i < value.length; i++) if (parent.charCodeAt(start + i) !== value.charCodeAt(i)) return false
  return true
}
