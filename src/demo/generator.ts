// The large generated demo resource (default 1,000,000 records): a city's service requests, as an
// analyst would meet them in an open data portal. Deterministic from a seed.
//
// Shapes: 13 fields, ~200 bytes of text per record; the category has a skewed (Zipf) distribution,
// status, district and channel fixed shares, dates spread over 2019-2025 (more requests in later
// years), a closing date and duration only for closed requests, a cost left empty in ~6% of records,
// and a description in plain English.
// Records are generated as the engine's cell texts straight into the consumer (`appendTexts`): no row
// objects, no per-record arrays; `generateRecords` gives row objects for the bench's naive baseline.
import { TableBuilder, textToCell, type FieldInfo, type ProgressCallback, type RecordObject, type Table } from '../engine/index.ts'
import { nextTask } from './next-task.ts'
import { createRandom, createZipfSampler, randomInt, type Random } from './prng.ts'
import { CATEGORIES, CHANNEL_SHARES, DISTRICTS, NEEDLE_SENTENCE, PLACES, REMARKS, STATUS_SHARES, TIMES, streetNames } from './vocabulary.ts'

export const DEFAULT_SEED = 20261121
export const DEFAULT_RECORD_COUNT = 1_000_000

export const GENERATED_FIELDS: readonly FieldInfo[] = [
  { id: 'case_number', type: 'text' },
  { id: 'opened', type: 'date' },
  { id: 'category', type: 'text' },
  { id: 'status', type: 'text' },
  { id: 'agency', type: 'text' },
  { id: 'district', type: 'text' },
  { id: 'street', type: 'text' },
  { id: 'channel', type: 'text' },
  { id: 'description', type: 'text' },
  { id: 'closed', type: 'date' },
  { id: 'days_to_close', type: 'int4' },
  { id: 'cost', type: 'numeric' },
  { id: 'units', type: 'int4' },
]

/** A rare word put into the `description` of exactly `count` records spread evenly over the table. */
export interface Needle {
  text: string
  count: number
}

export interface GeneratorOptions {
  /** Number of records (default 1,000,000). */
  count?: number
  seed?: number
  /** Default: "peacock" in 3 records per million (at least 1). */
  needles?: readonly Needle[]
}

/** The value sets the records draw from, most frequent first (benchmarks pick filter values here). */
export interface GeneratedDictionaries {
  categories: readonly string[]
  statuses: readonly string[]
  districts: readonly string[]
}

const FIRST_DAY = Date.UTC(2019, 0, 1)
const DAYS = 7 * 365 + 2 // 2019-01-01 .. 2025-12-31
const DAY_MS = 86_400_000
const EMPTY_COST_SHARE = 0.06

export function defaultNeedles(count: number): Needle[] {
  return [{ text: 'peacock', count: Math.max(1, Math.round((count * 3) / 1_000_000)) }]
}

export function createDictionaries(): GeneratedDictionaries {
  return {
    categories: CATEGORIES.map((category) => category.name),
    statuses: STATUS_SHARES.map(([status]) => status),
    districts: [...DISTRICTS],
  }
}

function createShareSampler(shares: ReadonlyArray<readonly [string, number]>): (random: Random) => number {
  const cumulative: number[] = []
  let total = 0
  for (const [, share] of shares) cumulative.push((total += share))
  return (random) => {
    const target = random() * total
    for (let index = 0; index < cumulative.length; index++) if (target < (cumulative[index] as number)) return index
    return cumulative.length - 1
  }
}

/** The record indexes (0-based) that receive each needle. */
function needlePlacements(count: number, needles: readonly Needle[]): Map<number, string> {
  const placements = new Map<number, string>()
  for (const needle of needles) {
    const times = Math.min(needle.count, count)
    for (let k = 0; k < times; k++) {
      const index = Math.floor(((k + 0.5) * count) / times)
      const previous = placements.get(index)
      placements.set(index, previous === undefined ? needle.text : `${previous} ${needle.text}`)
    }
  }
  return placements
}

/** Receives one record as the engine's cell texts in GENERATED_FIELDS order (null = empty); the array is reused. */
export type TextSink = (texts: (string | null)[]) => void

/**
 * Calls `sink` once per record, in order, with the record's cell texts. Same options -> the same
 * records on every platform.
 */
export function generateTexts(options: GeneratorOptions, sink: TextSink): void {
  const generator = createTextGenerator(options)
  const count = options.count ?? DEFAULT_RECORD_COUNT
  for (let index = 0; index < count; index++) sink(generator.next())
}

export interface TextGenerator {
  /** The next record's texts (the same array each time). */
  next(): (string | null)[]
}

/** The records one at a time, for a consumer that pauses between slices (the SQL worker's COPY). */
export function createTextGenerator(options: GeneratorOptions): TextGenerator {
  const count = options.count ?? DEFAULT_RECORD_COUNT
  const seed = options.seed ?? DEFAULT_SEED
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Record count must be a natural number, got ${count}`)
  const placements = needlePlacements(count, options.needles ?? defaultNeedles(count))
  const random = createRandom(seed)
  const categoryRank = createZipfSampler(CATEGORIES.length, 1.0)
  const districtRank = createZipfSampler(DISTRICTS.length, 0.6)
  const streets = streetNames()
  const streetRank = createZipfSampler(streets.length, 0.9)
  const status = createShareSampler(STATUS_SHARES)
  const channel = createShareSampler(CHANNEL_SHARES)
  const dates = Array.from({ length: DAYS }, (_, day) => new Date(FIRST_DAY + day * DAY_MS).toISOString().slice(0, 10))
  const years = dates.map((date) => date.slice(0, 4))
  const serials = new Map<string, number>()
  const placesByStreet = PLACES.map((place) => place.split('{street}'))
  const numbers = Array.from({ length: 1000 }, (_, n) => String(n))
  const texts: (string | null)[] = new Array<string | null>(GENERATED_FIELDS.length).fill(null)
  const parts: string[] = []
  let index = 0

  const next = (): (string | null)[] => {
    const category = CATEGORIES[categoryRank(random)] as (typeof CATEGORIES)[number]
    // sqrt of a uniform draw: the density of requests grows linearly over the years
    const day = Math.floor(Math.sqrt(random()) * DAYS)
    const year = years[day] as string
    const serial = (serials.get(year) ?? 0) + 1
    serials.set(year, serial)
    const street = streets[streetRank(random)] as string
    let statusIndex = status(random)
    const days = Math.floor(-Math.log(1 - random()) * category.meanDays)
    let isClosed = statusIndex === 0 || statusIndex === STATUS_SHARES.length - 1
    if (isClosed && day + days >= DAYS) {
      statusIndex = 2 // not closed yet when the data ends: in progress
      isClosed = false
    }

    parts.length = 0
    const needle = placements.get(index)
    if (needle === undefined) {
      parts.push(category.problems[randomInt(random, 0, category.problems.length - 1)] as string, ' ')
      const place = placesByStreet[randomInt(random, 0, placesByStreet.length - 1)] as string[]
      parts.push(place[0] as string, street, place[1] as string, ' ', TIMES[randomInt(random, 0, TIMES.length - 1)] as string, '.')
      if (random() < 0.4) parts.push(' ', REMARKS[randomInt(random, 0, REMARKS.length - 1)] as string)
    } else {
      parts.push(NEEDLE_SENTENCE.replace('{needle}', needle).replace('{street}', street))
    }
    const cost = random() < EMPTY_COST_SHARE ? null : Math.round(Math.exp(3.5 + 1.2 * gaussian(random)) * 100) / 100

    texts[0] = `SR-${year}-${String(serial).padStart(7, '0')}`
    texts[1] = dates[day] as string
    texts[2] = category.name
    texts[3] = (STATUS_SHARES[statusIndex] as readonly [string, number])[0]
    texts[4] = category.agency
    texts[5] = DISTRICTS[districtRank(random)] as string
    texts[6] = street
    texts[7] = (CHANNEL_SHARES[channel(random)] as readonly [string, number])[0]
    texts[8] = parts.join('')
    texts[9] = isClosed ? (dates[day + days] as string) : null
    texts[10] = isClosed ? (numbers[days] ?? String(days)) : null
    texts[11] = cost === null ? null : String(cost)
    texts[12] = numbers[1 + Math.floor(-Math.log(1 - random()) * 1.5)] as string
    index++
    return texts
  }
  return { next }
}

/** A standard normal draw (Box-Muller, one of the pair). */
function gaussian(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
}

/** The generated records as row objects (the bench's naive baseline, tests). */
export function* generateRecords(options: GeneratorOptions = {}): Generator<RecordObject, void, undefined> {
  const generator = createTextGenerator(options)
  const count = options.count ?? DEFAULT_RECORD_COUNT
  for (let index = 0; index < count; index++) {
    const texts = generator.next()
    const record: RecordObject = {}
    GENERATED_FIELDS.forEach((field, position) => {
      record[field.id] = textToCell(field.type, texts[position] ?? null)
    })
    yield record
  }
}

export interface BuildOptions extends GeneratorOptions {
  onProgress?: ProgressCallback
  /** Records between progress reports and, in the async build, pauses for the event loop. */
  progressEvery?: number
  /** Told of the table built so far after each chunk (answers while the rest builds). */
  onPartial?: (table: Table) => void
}

/** Every record's case number is its year's next serial: no value twice, so the column is indexed without looking for repeats. */
const TABLE_OPTIONS = { uniqueColumns: ['case_number'] }

/** Builds the generated table in one go (benchmarks, tests). */
export function buildGeneratedTable(options: BuildOptions = {}): Table {
  const count = options.count ?? DEFAULT_RECORD_COUNT
  const every = options.progressEvery ?? 50_000
  const builder = new TableBuilder([...GENERATED_FIELDS], TABLE_OPTIONS)
  const generator = createTextGenerator(options)
  options.onProgress?.(0, count)
  for (let done = 0; done < count; ) {
    const end = Math.min(count, done + every)
    for (let index = done; index < end; index++) builder.appendTexts(generator.next())
    done = end
    if (done < count) options.onProgress?.(done, count)
  }
  const table = builder.build()
  options.onProgress?.(count, count)
  return table
}

/**
 * The same table, pausing for the event loop between slices (10,000 records, a few ms each) so that
 * a worker or server stays responsive (other requests, cancels, progress) while it builds, and handing
 * `onPartial` the table built so far after each finished chunk.
 */
export async function buildGeneratedTableAsync(options: BuildOptions = {}): Promise<Table> {
  const count = options.count ?? DEFAULT_RECORD_COUNT
  const every = options.progressEvery ?? 10_000
  const builder = new TableBuilder([...GENERATED_FIELDS], TABLE_OPTIONS)
  const generator = createTextGenerator(options)
  options.onProgress?.(0, count)
  let chunks = 0
  for (let done = 0; done < count; ) {
    const end = Math.min(count, done + every)
    for (let index = done; index < end; index++) builder.appendTexts(generator.next())
    done = end
    if (done < count) {
      options.onProgress?.(done, count)
      if (options.onPartial && builder.finishedChunks() > chunks) {
        chunks = builder.finishedChunks()
        options.onPartial(builder.snapshot())
      }
      await nextTask()
    }
  }
  const table = builder.build()
  options.onProgress?.(count, count)
  return table
}
