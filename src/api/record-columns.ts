// Records in the shape that crosses from the live-answer worker to the page cheaply: per column one
// string of all its cells' texts, with typed arrays saying where each cell ends and what kind of
// value it is. The page then holds a few large strings and transferred buffers instead of millions
// of small objects (whose copying by the garbage collector froze it), and each record is a read-only
// view that decodes a value when it is read: only the cells on screen (or sorted by) ever are.
import type { JsonValue } from './body-text.ts'

type PlainRecord = { [field: string]: JsonValue }

const ABSENT = 0
const NULL = 1
const STRING = 2
const NUMBER = 3
const TRUE = 4
const FALSE = 5
/** Objects, arrays and -0: their JSON text. */
const JSON_TEXT = 6

export interface RecordColumn {
  key: string
  /** Every cell's text, one after the other. */
  text: string
  /** Where each cell's text ends in `text` (it starts where the previous one ended). */
  ends: Uint32Array
  /** What each cell holds (see the constants above). */
  kinds: Uint8Array
}

export interface RecordColumns {
  count: number
  columns: RecordColumn[]
}

/** The columns of `records`: the fields in order, then any key a record has that no field names. */
export function toColumns(records: readonly PlainRecord[], fieldIds: readonly string[]): RecordColumns {
  const keys = [...fieldIds]
  const known = new Set(keys)
  for (const record of records) {
    for (const key of Object.keys(record)) {
      if (!known.has(key)) {
        known.add(key)
        keys.push(key)
      }
    }
  }
  return { count: records.length, columns: keys.map((key) => toColumn(records, key)) }
}

function toColumn(records: readonly PlainRecord[], key: string): RecordColumn {
  const ends = new Uint32Array(records.length)
  const kinds = new Uint8Array(records.length)
  const parts: string[] = []
  let length = 0
  for (let row = 0; row < records.length; row++) {
    const record = records[row]
    const value = Object.hasOwn(record, key) ? record[key] : undefined
    let text = ''
    if (value === undefined) kinds[row] = ABSENT
    else if (value === null) kinds[row] = NULL
    else if (value === true) kinds[row] = TRUE
    else if (value === false) kinds[row] = FALSE
    else if (typeof value === 'string') {
      kinds[row] = STRING
      text = value
    } else if (typeof value === 'number' && !Object.is(value, -0)) {
      kinds[row] = NUMBER
      text = String(value)
    } else {
      kinds[row] = JSON_TEXT
      // JSON.stringify writes -0 as 0; JSON.parse reads "-0" back as -0.
      text = typeof value === 'number' ? '-0' : JSON.stringify(value)
    }
    if (text !== '') parts.push(text)
    length += text.length
    ends[row] = length
  }
  return { key, text: parts.join(''), ends, kinds }
}

/**
 * Columns packed to cross a postMessage: their keys and texts, and all their ends and kinds in one
 * buffer each. Two typed arrays per column made the page read two transferred buffers per column:
 * for an answer of 10,000 fields, 20,000 of them, about 100 ms in one message.
 */
export interface ColumnBatch {
  /** Cells per column. */
  count: number
  keys: string[]
  texts: string[]
  /** Each column's `count` ends, one column after the other. */
  ends: Uint32Array
  /** Each column's `count` kinds, one column after the other. */
  kinds: Uint8Array
}

/** `columns` (each of `count` cells) as one batch. */
export function packColumns(columns: readonly RecordColumn[], count: number): ColumnBatch {
  const ends = new Uint32Array(columns.length * count)
  const kinds = new Uint8Array(columns.length * count)
  columns.forEach((column, index) => {
    ends.set(column.ends, index * count)
    kinds.set(column.kinds, index * count)
  })
  return { count, keys: columns.map((column) => column.key), texts: columns.map((column) => column.text), ends, kinds }
}

/** The buffers to transfer (not copy) with a postMessage of this batch. */
export function batchTransferables(batch: ColumnBatch): ArrayBuffer[] {
  return [batch.ends.buffer as ArrayBuffer, batch.kinds.buffer as ArrayBuffer]
}

/** The columns of a batch, their ends and kinds views over the batch's buffers (nothing copied). */
export function unpackColumns({ count, keys, texts, ends, kinds }: ColumnBatch): RecordColumn[] {
  return keys.map((key, index) => ({
    key,
    text: texts[index] ?? '',
    ends: ends.subarray(index * count, (index + 1) * count),
    kinds: kinds.subarray(index * count, (index + 1) * count),
  }))
}

/** The value of one cell (undefined when the record has no such key). */
function decode(column: RecordColumn, row: number): JsonValue | undefined {
  const start = row === 0 ? 0 : column.ends[row - 1]
  switch (column.kinds[row]) {
    case NULL:
      return null
    case TRUE:
      return true
    case FALSE:
      return false
    case STRING:
      return column.text.slice(start, column.ends[row])
    case NUMBER:
      return Number(column.text.slice(start, column.ends[row]))
    case JSON_TEXT:
      return JSON.parse(column.text.slice(start, column.ends[row])) as JsonValue
    default:
      return undefined
  }
}

const ROW = Symbol('row')
type Target = { [ROW]: number }
/** Read from a view (never listed as a key): its columns and row, so it can be copied out quickly. */
const VIEW = Symbol('view')
type ViewSource = { columns: readonly RecordColumn[]; row: number }

/**
 * One read-only record per row. Each behaves as the plain object JSON.parse would give (own
 * enumerable keys in column order, `in`, `Object.hasOwn`, spreading, JSON.stringify) but decodes a
 * value only when it is read.
 *
 * The list itself is read-only and lazy too: a row's record is made the first time it is read, so
 * taking over an answer costs the same for 32,000 rows as for 10 (the page draws a few dozen of
 * them; a browser sort or a copy of a column reads them all when asked). It is an array
 * (`Array.isArray`, `length`, indexing, `slice`, `map`, spreading and iteration work as usual).
 */
export function fromColumns({ count, columns }: RecordColumns): PlainRecord[] {
  const byKey = new Map(columns.map((column) => [column.key, column]))
  const present = (key: string | symbol, row: number): RecordColumn | undefined => {
    const column = typeof key === 'string' ? byKey.get(key) : undefined
    return column !== undefined && column.kinds[row] !== ABSENT ? column : undefined
  }
  const handler: ProxyHandler<Target> = {
    get: (target, key, receiver) => {
      if (key === VIEW) return { columns, row: target[ROW] } satisfies ViewSource
      const column = present(key, target[ROW])
      return column ? decode(column, target[ROW]) : Reflect.get(target, key, receiver)
    },
    has: (target, key) => present(key, target[ROW]) !== undefined || (key !== ROW && Reflect.has(target, key)),
    ownKeys: (target) => columns.filter((column) => column.kinds[target[ROW]] !== ABSENT).map((column) => column.key),
    getOwnPropertyDescriptor: (target, key) => {
      const column = present(key, target[ROW])
      return column ? { value: decode(column, target[ROW]), writable: false, enumerable: true, configurable: true } : undefined
    },
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  }
  // Made on first read, then kept: the same row is the same object every time.
  const made: (PlainRecord | undefined)[] = []
  const recordAt = (row: number): PlainRecord => (made[row] ??= new Proxy({ [ROW]: row }, handler) as unknown as PlainRecord)
  /** The row an index key names ("0" to count - 1), or -1. */
  const rowOf = (key: string | symbol): number => {
    if (typeof key !== 'string') return -1
    const row = Number(key)
    return Number.isInteger(row) && row >= 0 && row < count && String(row) === key ? row : -1
  }
  // The target is an empty array of the right length (no elements are stored in it): an array, so
  // Array.isArray and the array methods treat the list as one.
  const list: PlainRecord[] = Array.from({ length: 0 })
  list.length = count
  return new Proxy(list, {
    get: (target, key, receiver) => {
      const row = rowOf(key)
      return row >= 0 ? recordAt(row) : Reflect.get(target, key, receiver)
    },
    has: (target, key) => rowOf(key) >= 0 || Reflect.has(target, key),
    ownKeys: (target) => [...Array.from({ length: count }, (_, row) => String(row)), ...Reflect.ownKeys(target)],
    getOwnPropertyDescriptor: (target, key) => {
      const row = rowOf(key)
      return row >= 0 ? { value: recordAt(row), writable: false, enumerable: true, configurable: true } : Reflect.getOwnPropertyDescriptor(target, key)
    },
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  })
}

/**
 * The records as plain objects, for what must copy them (postMessage cannot clone a view): views are
 * decoded column by column, plain records are kept as they are.
 */
export function plainRecords(records: readonly PlainRecord[]): PlainRecord[] {
  return records.map((record) => {
    const view = (record as { [VIEW]?: ViewSource })[VIEW]
    if (view === undefined) return record
    const plain: PlainRecord = {}
    for (const column of view.columns) {
      const value = decode(column, view.row)
      if (value === undefined) continue
      if (column.key === '__proto__') Object.defineProperty(plain, column.key, { value, enumerable: true, writable: true, configurable: true })
      else plain[column.key] = value
    }
    return plain
  })
}
