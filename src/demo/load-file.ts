// Loads a user's or the server's data file (CSV or JSON) into an engine Table. Pure: no DOM, no
// Node APIs; the caller hands over a string, a Blob/File, or a byte stream.
//
// Decisions (what users of `npm run api --resource` and of "Add a data file" meet):
// - CSV: the first row is the header. Empty or duplicate header names are errors (naming the line
//   and column), and so is a row with MORE values than the header; a row with FEWER values is padded
//   with nulls (spreadsheets drop trailing empty cells). Blank lines are skipped.
// - A column or key named `_id` is dropped: the engine numbers records itself (CKAN exports have it).
// - CSV column types are inferred from the first rows by the engine (`inferFieldTypes`).
// - JSON: an array of objects. Keys become fields in first-seen order, missing keys are null. Nested
//   arrays and objects are allowed and make that field `json`.
import { TableBuilder, csvRowEncoder, inferFieldTypes, type CellValue, type FieldInfo, type PartialCallback, type ProgressCallback, type RecordObject, type Table } from '../engine/index.ts'
import { CsvRowReader, CsvSyntaxError, type CsvRow } from './csv-rows.ts'
import { nextTask, runInSlices } from './next-task.ts'
import { InvalidUtf8Error, readText, sourceSize, type TextSource } from './text-chunks.ts'

export type DataFileFormat = 'csv' | 'json'

/** Why a data file could not be loaded; the message names the file and, when known, the line. */
export class DataFileError extends Error {
  readonly fileName: string
  readonly line: number | undefined
  constructor(fileName: string, detail: string, line?: number) {
    super(`${fileName}: ${detail}`)
    this.name = 'DataFileError'
    this.fileName = fileName
    this.line = line
  }
}

export interface LoadDataFileOptions {
  /** The file name, used in messages and to pick the format when `format` is not given. */
  name: string
  format?: DataFileFormat
  /** Reports bytes (or characters) consumed of the total. */
  onProgress?: ProgressCallback
  /** CSV rows used to infer column types (default 10,000). */
  sampleRows?: number
  /**
   * CSV: told of the table read so far after each finished chunk, with the number of records
   * expected in all (estimated from the bytes read), so searches can answer before the load ends.
   */
  onPartial?: PartialCallback
  /** Records per chunk of the table (`TableOptions.chunkSize`; the engine's default when not given). */
  chunkSize?: number
  /**
   * With `onPartial`: awaited between the load's steps, so that searches of the part read answer
   * meanwhile (default: a turn of the event loop; the server lets requests under way go first).
   */
  pause?: () => Promise<void>
}

export function formatFromName(name: string): DataFileFormat | undefined {
  const lower = name.toLowerCase()
  if (lower.endsWith('.csv')) return 'csv'
  if (lower.endsWith('.json')) return 'json'
  return undefined
}

/**
 * Where loaded records go: an engine table here, a database table for the PostgreSQL import. CSV rows
 * arrive as the engine's cell texts (`appendTexts`), JSON items as records. The loader awaits `drain`
 * after each piece of the file, so a slow sink holds the reading back (and the table sink publishes
 * the prefix read so far).
 */
export interface RecordSink<T> {
  append(record: RecordObject): void
  /**
   * One record as its cells' stored texts (cell-text.ts), in field order; null for null. `scales`:
   * numeric cells written with another scale than their text's (`5.0`), by field (numeric-scale.ts).
   */
  appendTexts(texts: readonly (string | null)[], scales?: readonly (number | undefined)[]): void
  drain?(): Promise<void>
  finish(): T | Promise<T>
}

/** Opens the sink once the fields (and their types) are known. */
export type SinkFactory<T> = (fields: FieldInfo[]) => RecordSink<T>

/** Bytes (or characters) read so far and in all (0 when unknown). */
interface ReadProgress {
  done: number
  total: number
}

/** An engine table as the sink; with `onPartial`, the finished chunks are published as they come. */
export function tableSink(fields: FieldInfo[], read?: ReadProgress, onPartial?: PartialCallback, chunkSize?: number, pause: () => Promise<void> = nextTask): RecordSink<Table> {
  const builder = new TableBuilder(fields, chunkSize === undefined ? {} : { chunkSize })
  let publishedChunks = 0
  let reserved = 0
  /** Records appended so far: with the bytes read, what the file's record count is estimated from. */
  let appended = 0
  let lastTurn = performance.now()
  const turn = async (): Promise<void> => {
    await pause()
    lastTurn = performance.now()
  }
  return {
    append: (record) => {
      builder.append(record)
      appended++
    },
    appendTexts: (texts, scales) => {
      builder.appendTexts(texts, scales)
      appended++
    },
    async drain() {
      if (onPartial === undefined || read === undefined) return
      // pieces of the file can come one after another with no turn between (a source's buffered
      // reads resolve at once): parsing them goes on for at most a slice before a turn
      if (performance.now() - lastTurn >= SLICE_MS) await turn()
      // a full chunk's text is joined in a turn of its own, and published in the next: each is a
      // step of a few ms, which requests waiting meanwhile would otherwise wait for in one go
      if (builder.hasFullChunk()) {
        await turn()
        builder.finishFullChunk()
      }
      if (builder.finishedChunks() === publishedChunks) return
      await turn()
      publishedChunks = builder.finishedChunks()
      const prefix = builder.snapshot()
      const { done, total } = read
      // from the records parsed of the bytes read (not the prefix's records: the bytes of the chunk
      // still filling would make the estimate low, and each later rise a copy of every coded column's
      // codes so far, MBs in one step)
      const expected = total > done && done > 0 ? Math.max(prefix.size, Math.round((appended * total) / done)) : prefix.size
      // a quarter to spare, so that a slightly higher estimate later makes no second copy
      if (expected > reserved) builder.reserve((reserved = Math.round(expected * 1.25)))
      onPartial(prefix, expected)
      // a turn of the event loop, so searches waiting for this prefix answer now
      await turn()
    },
    // served while it loads: the indexes made at the end are made between requests too
    finish: () => (onPartial === undefined ? builder.build() : runInSlices(builder.buildSteps(), SLICE_MS, pause)),
  }
}

/** Longest run of steps between two turns of the event loop. */
const SLICE_MS = 3

export async function loadDataFile(source: TextSource, options: LoadDataFileOptions): Promise<Table> {
  // only CSV reports partial tables
  const onPartial = (options.format ?? formatFromName(options.name)) === 'csv' ? options.onPartial : undefined
  return readDataFile(source, options, (fields, read) => tableSink(fields, read, onPartial, options.chunkSize, options.pause))
}

/** Reads a data file into the sink the fields open: the same parsing, checks and types as `loadDataFile`. */
export async function loadDataRecords<T>(source: TextSource, options: LoadDataFileOptions, openSink: SinkFactory<T>): Promise<T> {
  return readDataFile(source, options, (fields) => openSink(fields))
}

async function readDataFile<T>(source: TextSource, options: LoadDataFileOptions, openSink: (fields: FieldInfo[], read: ReadProgress) => RecordSink<T>): Promise<T> {
  const format = options.format ?? formatFromName(options.name)
  if (format === undefined) throw new DataFileError(options.name, 'unknown file type: the name must end in .csv or .json')
  const total = sourceSize(source) ?? 0
  const read: ReadProgress = { done: 0, total }
  const onRead = (done: number): void => {
    read.done = done
    options.onProgress?.(done, Math.max(total, done))
  }
  const open: SinkFactory<T> = (fields) => openSink(fields, read)
  return format === 'csv'
    ? loadCsv(source, options.name, options.sampleRows ?? 10_000, open, onRead)
    : loadJson(source, options.name, open, onRead)
}

const RESERVED_ID = '_id'

function checkHeader(fileName: string, row: CsvRow): string[] {
  const seen = new Map<string, number>()
  row.cells.forEach((raw, index) => {
    const name = raw.trim()
    const column = index + 1
    if (name === '') throw new DataFileError(fileName, `line ${row.line}: column ${column} has an empty header name`, row.line)
    const first = seen.get(name)
    if (first !== undefined) {
      throw new DataFileError(fileName, `line ${row.line}: duplicate header name "${name}" (columns ${first} and ${column})`, row.line)
    }
    seen.set(name, column)
  })
  return row.cells.map((cell) => cell.trim())
}

/** Maps CSV rows to records once the column types are known. */
class CsvRecordWriter<T> {
  private readonly keep: number[]
  private readonly fields: FieldInfo[]
  readonly sink: RecordSink<T>

  constructor(
    private readonly fileName: string,
    private readonly header: string[],
    sample: CsvRow[],
    openSink: SinkFactory<T>,
  ) {
    this.keep = header.flatMap((name, index) => (name === RESERVED_ID ? [] : [index]))
    const names = this.keep.map((index) => header[index])
    this.fields = inferFieldTypes(names, sample.map((row) => this.keep.map((index) => row.cells[index] ?? '')))
    this.sink = openSink(this.fields)
    this.encode = csvRowEncoder(this.fields)
    this.raw = this.fields.map(() => undefined)
    this.texts = this.fields.map(() => null)
    this.scales = this.fields.map(() => undefined)
  }

  private readonly encode: (rawValues: readonly (string | undefined)[], out: (string | null)[], scales: (number | undefined)[]) => void
  private readonly raw: (string | undefined)[]
  private readonly texts: (string | null)[]
  private readonly scales: (number | undefined)[]

  write(row: CsvRow): void {
    const { cells, line } = row
    if (cells.length > this.header.length) {
      throw new DataFileError(this.fileName, `line ${line}: ${cells.length} values, but the header has ${this.header.length} columns`, line)
    }
    // straight to the builder's texts (no row object); a missing cell (a short row) is null
    for (let position = 0; position < this.keep.length; position++) this.raw[position] = cells[this.keep[position]]
    try {
      this.encode(this.raw, this.texts, this.scales)
    } catch (error) {
      throw new DataFileError(this.fileName, `line ${line}: ${error instanceof Error ? error.message : String(error)}`, line)
    }
    this.sink.appendTexts(this.texts, this.scales)
  }
}

/** Characters of CSV text parsed between two drains of the sink (well under a millisecond of parsing). */
const PARSE_PIECE = 16_384

async function loadCsv<T>(source: TextSource, fileName: string, sampleRows: number, openSink: SinkFactory<T>, onRead: (done: number) => void): Promise<T> {
  const reader = new CsvRowReader()
  let header: string[] | undefined
  let sample: CsvRow[] = []
  let writer: CsvRecordWriter<T> | undefined
  const accept = (rows: CsvRow[]): void => {
    for (const row of rows) {
      if (row.cells.length === 1 && row.cells[0] === '') continue
      if (header === undefined) header = checkHeader(fileName, row)
      else if (writer !== undefined) writer.write(row)
      else {
        sample.push(row)
        if (sample.length >= sampleRows) writer = startWriting(fileName, header, sample)
      }
    }
  }
  const startWriting = (name: string, columns: string[], rows: CsvRow[]): CsvRecordWriter<T> => {
    const started = new CsvRecordWriter(name, columns, rows, openSink)
    for (const row of rows) started.write(row)
    sample = []
    return started
  }
  try {
    for await (const text of readText(source, onRead)) {
      // parsed a piece at a time, the sink drained after each: a sink that gives the event loop turns
      // then parses for about PARSE_PIECE's time past its slice at most (a source's piece, 64 KB from
      // a file, is a few ms of parsing)
      for (let at = 0; at < text.length; at += PARSE_PIECE) {
        accept(reader.push(text.length <= PARSE_PIECE ? text : text.slice(at, at + PARSE_PIECE)))
        await writer?.sink.drain?.()
      }
    }
    accept(reader.end())
  } catch (error) {
    throw asDataFileError(error, fileName, reader)
  }
  if (header === undefined) throw new DataFileError(fileName, 'the file is empty: a CSV file needs a header row', 1)
  writer ??= startWriting(fileName, header, sample)
  return writer.sink.finish()
}

function asDataFileError(error: unknown, fileName: string, reader: CsvRowReader): unknown {
  if (error instanceof CsvSyntaxError) return new DataFileError(fileName, error.message, error.line)
  if (error instanceof InvalidUtf8Error) {
    const line = reader.currentLine() + countLines(error.textBefore)
    return new DataFileError(fileName, `line ${line}: invalid UTF-8 (save the file as UTF-8)`, line)
  }
  return error
}

function countLines(text: string): number {
  let count = 0
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++
  return count
}

// ---- JSON ----

async function loadJson<T>(source: TextSource, fileName: string, openSink: SinkFactory<T>, onRead?: (done: number) => void): Promise<T> {
  const parts: string[] = []
  try {
    for await (const text of readText(source, onRead)) parts.push(text)
  } catch (error) {
    if (error instanceof InvalidUtf8Error) {
      const line = countLines(parts.join('')) + countLines(error.textBefore) + 1
      throw new DataFileError(fileName, `line ${line}: invalid UTF-8 (save the file as UTF-8)`, line)
    }
    throw error
  }
  const text = parts.join('')
  parts.length = 0
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw jsonSyntaxError(fileName, text, error)
  }
  if (!Array.isArray(data)) throw new DataFileError(fileName, 'a JSON data file must be an array of objects, like [{"a": 1}, {"a": 2}]')
  const fields = jsonFields(fileName, data)
  const sink = openSink(fields)
  let appended = 0
  for (const item of data as Record<string, unknown>[]) {
    const record: RecordObject = {}
    for (const field of fields) record[field.id] = jsonCell(item[field.id], field)
    sink.append(record)
    if (++appended % 10_000 === 0) await sink.drain?.()
  }
  return sink.finish()
}

function jsonSyntaxError(fileName: string, text: string, error: unknown): DataFileError {
  const detail = error instanceof Error ? error.message : String(error)
  const position = /position (\d+)/.exec(detail)
  if (position === null) return new DataFileError(fileName, `invalid JSON: ${detail}`)
  const line = countLines(text.slice(0, Number(position[1]))) + 1
  return new DataFileError(fileName, `line ${line}: invalid JSON: ${detail}`, line)
}

type JsonKind = 'int' | 'number' | 'bool' | 'text' | 'json'

function kindOf(value: unknown): JsonKind | undefined {
  if (value === null || value === undefined) return undefined
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'number'
  if (typeof value === 'boolean') return 'bool'
  if (typeof value === 'string') return 'text'
  return 'json'
}

function jsonFields(fileName: string, data: unknown[]): FieldInfo[] {
  const kinds = new Map<string, Set<JsonKind>>()
  const largest = new Map<string, number>()
  data.forEach((item, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      const what = item === null ? 'null' : Array.isArray(item) ? 'an array' : `a ${typeof item}`
      throw new DataFileError(fileName, `item ${index} (0-based) is ${what}, but every item must be an object of field values`)
    }
    for (const [key, value] of Object.entries(item)) {
      if (key === RESERVED_ID) continue
      if (key.trim() === '') throw new DataFileError(fileName, `item ${index} (0-based) has an empty field name`)
      const set = kinds.get(key) ?? new Set<JsonKind>()
      kinds.set(key, set)
      const kind = kindOf(value)
      if (kind !== undefined) set.add(kind)
      if (kind === 'int') largest.set(key, Math.max(largest.get(key) ?? 0, Math.abs(value as number)))
    }
  })
  return [...kinds].map(([id, set]) => ({ id, type: fieldType(set, largest.get(id) ?? 0) }))
}

function fieldType(kinds: Set<JsonKind>, largestInt: number): FieldInfo['type'] {
  if (kinds.has('json')) return 'json'
  if (kinds.size === 1 && kinds.has('bool')) return 'bool'
  if (kinds.size > 0 && [...kinds].every((kind) => kind === 'int' || kind === 'number')) {
    if (kinds.has('number')) return 'numeric'
    return largestInt <= 2_147_483_647 ? 'int4' : 'int8'
  }
  return 'text'
}

function jsonCell(value: unknown, field: FieldInfo): CellValue {
  if (value === undefined || value === null) return null
  if (field.type === 'text' && typeof value !== 'string') return String(value)
  return value as CellValue
}
