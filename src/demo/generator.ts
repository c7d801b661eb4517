// The large generated demo resource (default 1,000,000 records): a city's service requests, as an
// analyst would meet them in an open data portal. Deterministic from a seed.
//
// Shapes: 13 fields, ~200 bytes of text per record; the category has a skewed (Zipf) distribution,
// status, district and channel fixed shares, dates spread over 2019-2025 (more requests in later
// years), a closing date and duration only for closed requests, a cost left empty in ~6% of records,
// and a description in plain English.
// Records are generated as the engine's cell texts straight into the consumer (`appendTexts`): no row
// objects, no per-record arrays; `generateRecords` gives row objects for the bench's naive baseline.
import { asciiBytes, TableBuilder, type AsciiRecordWriter, type WrittenChunk, textToCell, type FieldInfo, type ProgressCallback, type RecordObject, type Table } from '../engine/index.ts'
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

const CATEGORY_NAMES = CATEGORIES.map((category) => category.name)
const STATUS_NAMES = STATUS_SHARES.map(([status]) => status)

export function createDictionaries(): GeneratedDictionaries {
  return {
    categories: [...CATEGORY_NAMES],
    statuses: [...STATUS_NAMES],
    districts: [...DISTRICTS],
  }
}

/** The description of a record given a needle: the needle sentence on its street. */
function needleDescription(needle: string, street: string): string {
  return NEEDLE_SENTENCE.replace('{needle}', needle).replace('{street}', street)
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

/** What one record drew: list indexes and numbers, no text yet (the same array of fields each time). */
interface Draw {
  category: number
  day: number
  /** The request's number within its year. */
  serial: number
  street: number
  status: number
  isClosed: boolean
  /** Days until closed (only meant for a closed request). */
  days: number
  /** The needle sentence's words, or undefined for a description drawn from the phrases. */
  needle: string | undefined
  problem: number
  place: number
  time: number
  /** -1: no closing remark. */
  remark: number
  /** In cents; -1: empty. */
  cents: number
  district: number
  channel: number
  units: number
}

interface Drawer {
  /** The next record's draw (the same object each time). */
  next(): Draw
}

/** The generator's dates (ISO texts, one per day) and each day's year (an index into YEARS). */
const DATES = Array.from({ length: DAYS }, (_, day) => new Date(FIRST_DAY + day * DAY_MS).toISOString().slice(0, 10))
const YEARS = [...new Set(DATES.map((date) => date.slice(0, 4)))]
const YEAR_OF_DAY = Int32Array.from(DATES, (date) => YEARS.indexOf(date.slice(0, 4)))

/** The random draws of each record, in the order the records' texts have always been drawn. */
function createDrawer(options: GeneratorOptions): Drawer {
  const count = options.count ?? DEFAULT_RECORD_COUNT
  const seed = options.seed ?? DEFAULT_SEED
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Record count must be a natural number, got ${count}`)
  const placements = needlePlacements(count, options.needles ?? defaultNeedles(count))
  const random = createRandom(seed)
  const categoryRank = createZipfSampler(CATEGORIES.length, 1.0)
  const districtRank = createZipfSampler(DISTRICTS.length, 0.6)
  const streetRank = createZipfSampler(STREETS.length, 0.9)
  const status = createShareSampler(STATUS_SHARES)
  const channel = createShareSampler(CHANNEL_SHARES)
  const serials = new Int32Array(YEARS.length)
  const draw: Draw = { category: 0, day: 0, serial: 0, street: 0, status: 0, isClosed: false, days: 0, needle: undefined, problem: 0, place: 0, time: 0, remark: -1, cents: -1, district: 0, channel: 0, units: 0 }
  let index = 0

  const next = (): Draw => {
    const category = CATEGORIES[(draw.category = categoryRank(random))] as (typeof CATEGORIES)[number]
    // sqrt of a uniform draw: the density of requests grows linearly over the years
    const day = (draw.day = Math.floor(Math.sqrt(random()) * DAYS))
    const year = YEAR_OF_DAY[day] as number
    draw.serial = serials[year] = (serials[year] as number) + 1
    draw.street = streetRank(random)
    let statusIndex = status(random)
    const days = (draw.days = Math.floor(-Math.log(1 - random()) * category.meanDays))
    let isClosed = statusIndex === 0 || statusIndex === STATUS_SHARES.length - 1
    if (isClosed && day + days >= DAYS) {
      statusIndex = 2 // not closed yet when the data ends: in progress
      isClosed = false
    }
    draw.status = statusIndex
    draw.isClosed = isClosed

    draw.needle = placements.get(index)
    if (draw.needle === undefined) {
      draw.problem = randomInt(random, 0, category.problems.length - 1)
      draw.place = randomInt(random, 0, PLACES.length - 1)
      draw.time = randomInt(random, 0, TIMES.length - 1)
      draw.remark = random() < 0.4 ? randomInt(random, 0, REMARKS.length - 1) : -1
    }
    draw.cents = random() < EMPTY_COST_SHARE ? -1 : Math.round(Math.exp(3.5 + 1.2 * gaussian(random)) * 100)
    draw.district = districtRank(random)
    draw.channel = channel(random)
    draw.units = 1 + Math.floor(-Math.log(1 - random()) * 1.5)
    index++
    return draw
  }
  return { next }
}

const STREETS = streetNames()
const PLACES_BY_STREET = PLACES.map((place) => place.split('{street}') as [string, string])

export interface TextGenerator {
  /** The next record's texts (the same array each time). */
  next(): (string | null)[]
}

/**
 * The records as the engine's cell texts, one at a time: the reference the written table is checked
 * against, and what a consumer that pauses between slices reads (the SQL worker's COPY).
 */
export function createTextGenerator(options: GeneratorOptions): TextGenerator {
  const drawer = createDrawer(options)
  const texts: (string | null)[] = new Array<string | null>(GENERATED_FIELDS.length).fill(null)

  const next = (): (string | null)[] => {
    const draw = drawer.next()
    const category = CATEGORIES[draw.category] as (typeof CATEGORIES)[number]
    const street = STREETS[draw.street] as string
    const date = DATES[draw.day] as string
    let description: string
    if (draw.needle === undefined) {
      const place = PLACES_BY_STREET[draw.place] as [string, string]
      description = `${category.problems[draw.problem]} ${place[0]}${street}${place[1]} ${TIMES[draw.time]}.`
      if (draw.remark >= 0) description += ` ${REMARKS[draw.remark]}`
    } else {
      description = needleDescription(draw.needle, street)
    }
    texts[0] = `SR-${date.slice(0, 4)}-${String(draw.serial).padStart(7, '0')}`
    texts[1] = date
    texts[2] = category.name
    texts[3] = (STATUS_SHARES[draw.status] as readonly [string, number])[0]
    texts[4] = category.agency
    texts[5] = DISTRICTS[draw.district] as string
    texts[6] = street
    texts[7] = (CHANNEL_SHARES[draw.channel] as readonly [string, number])[0]
    texts[8] = description
    texts[9] = draw.isClosed ? (DATES[draw.day + draw.days] as string) : null
    texts[10] = draw.isClosed ? String(draw.days) : null
    texts[11] = draw.cents < 0 ? null : String(draw.cents / 100)
    texts[12] = String(draw.units)
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

const AGENCIES = [...new Set(CATEGORIES.map((category) => category.agency))]
const AGENCY_OF_CATEGORY = CATEGORIES.map((category) => AGENCIES.indexOf(category.agency))
/** Units are 1 + floor(1.5 * an exponential draw): at most 34, as -log(1 - random()) < 22.2. */
const UNIT_TEXTS = Array.from({ length: 64 }, (_, units) => String(units))

/** Days to close are floor(meanDays * an exponential draw): below 1,000, as meanDays <= 45 and -log(1 - random()) < 22.2. */
const DAY_COUNT_TEXTS = Array.from({ length: 1000 }, (_, days) => String(days))

/**
 * The columns written from a list, index = what the draw holds: their codes come with the records, so
 * their value indexes (filters, sorts, summaries) cost nothing after the load.
 */
const CODED_VALUES: Readonly<Record<string, readonly string[]>> = {
  opened: DATES,
  street: STREETS,
  closed: DATES,
  days_to_close: DAY_COUNT_TEXTS,
  category: CATEGORY_NAMES,
  status: STATUS_NAMES,
  agency: AGENCIES,
  district: DISTRICTS,
  channel: CHANNEL_SHARES.map(([channel]) => channel),
  units: UNIT_TEXTS,
}

/** The vocabulary as bytes, for writing records without making their texts. */
interface VocabularyBytes {
  years: Uint8Array[]
  streets: Uint8Array[]
  problems: Uint8Array[][]
  places: [Uint8Array, Uint8Array][]
  times: Uint8Array[]
  remarks: Uint8Array[]
  casePrefix: Uint8Array
}

let vocabularyBytes: VocabularyBytes | undefined

function encodedVocabulary(): VocabularyBytes {
  vocabularyBytes ??= {
    years: YEARS.map(asciiBytes),
    streets: STREETS.map(asciiBytes),
    problems: CATEGORIES.map((category) => category.problems.map(asciiBytes)),
    places: PLACES_BY_STREET.map(([before, after]) => [asciiBytes(before), asciiBytes(after)]),
    times: TIMES.map(asciiBytes),
    remarks: REMARKS.map(asciiBytes),
    casePrefix: asciiBytes('SR-'),
  }
  return vocabularyBytes
}

const SPACE = 0x20
const DASH = 0x2d
const DOT = 0x2e

/** What a generated record is written into: the engine's chunk writer, or another layout of the same calls (COPY text). */
export type RecordWriter = Pick<AsciiRecordWriter, 'byte' | 'write' | 'ascii' | 'digits' | 'end' | 'nul' | 'value' | 'endRecord'>

/** One record's draw written as the same texts `createTextGenerator` makes of it, field by field. */
function writeRecord(writer: RecordWriter, draw: Draw, bytes: VocabularyBytes): void {
  writer.write(bytes.casePrefix)
  writer.write(bytes.years[YEAR_OF_DAY[draw.day] as number] as Uint8Array)
  writer.byte(DASH)
  writer.digits(draw.serial, 7)
  writer.end()
  writer.value(draw.day)
  writer.value(draw.category)
  writer.value(draw.status)
  writer.value(AGENCY_OF_CATEGORY[draw.category] as number)
  writer.value(draw.district)
  const street = bytes.streets[draw.street] as Uint8Array
  writer.value(draw.street)
  writer.value(draw.channel)
  if (draw.needle === undefined) {
    const place = bytes.places[draw.place] as [Uint8Array, Uint8Array]
    writer.write((bytes.problems[draw.category] as Uint8Array[])[draw.problem] as Uint8Array)
    writer.byte(SPACE)
    writer.write(place[0])
    writer.write(street)
    writer.write(place[1])
    writer.byte(SPACE)
    writer.write(bytes.times[draw.time] as Uint8Array)
    writer.byte(DOT)
    if (draw.remark >= 0) {
      writer.byte(SPACE)
      writer.write(bytes.remarks[draw.remark] as Uint8Array)
    }
  } else {
    writer.ascii(needleDescription(draw.needle, STREETS[draw.street] as string))
  }
  writer.end()
  if (draw.isClosed) {
    writer.value(draw.day + draw.days)
    writer.value(draw.days)
  } else {
    writer.nul()
    writer.nul()
  }
  if (draw.cents < 0) writer.nul()
  else {
    // String(cents / 100): the shortest decimal of a whole number of cents has no trailing zero
    const fraction = draw.cents % 100
    writer.digits((draw.cents - fraction) / 100)
    if (fraction !== 0) {
      writer.byte(DOT)
      if (fraction % 10 === 0) writer.digits(fraction / 10)
      else writer.digits(fraction, 2)
    }
    writer.end()
  }
  writer.value(draw.units)
  writer.endRecord()
}

/** Writes the generated records one at a time, into any writer of the generated table's layout. */
export interface GeneratedRecordSource {
  /** Writes the next record. */
  writeNext(writer: RecordWriter): void
}

/** The records of `options` for a writer, the options checked (needles must be ASCII to be written). */
export function generatedRecordSource(options: GeneratorOptions): GeneratedRecordSource {
  for (const needle of options.needles ?? []) asciiBytes(needle.text)
  const drawer = createDrawer(options)
  const bytes = encodedVocabulary()
  return { writeNext: (writer) => writeRecord(writer, drawer.next(), bytes) }
}

/** An empty builder of the generated table (the one its chunks, written here or in another thread, go into). */
export function generatedTableBuilder(): TableBuilder {
  return new TableBuilder([...GENERATED_FIELDS], TABLE_OPTIONS)
}

/** Per field, in GENERATED_FIELDS order, the list its values are written from, or undefined (written as text). */
export const GENERATED_VALUE_LISTS: readonly (readonly string[] | undefined)[] = GENERATED_FIELDS.map((field) => CODED_VALUES[field.id])

/** A writer of the generated table's layout; with `flush`, its chunks go there instead of into a builder. */
export function generatedRecordWriter(builder: TableBuilder, flush?: (chunk: WrittenChunk) => void): AsciiRecordWriter {
  return builder.recordWriter(CODED_VALUES, flush)
}

/** The table's builder and a writer into it. */
function startTable(options: GeneratorOptions): { builder: TableBuilder; writer: AsciiRecordWriter; source: GeneratedRecordSource } {
  const source = generatedRecordSource(options)
  const builder = generatedTableBuilder()
  return { builder, writer: generatedRecordWriter(builder), source }
}

/** Builds the generated table in one go (benchmarks, tests). */
export function buildGeneratedTable(options: BuildOptions = {}): Table {
  const count = options.count ?? DEFAULT_RECORD_COUNT
  const every = options.progressEvery ?? 50_000
  const { builder, writer, source } = startTable(options)
  options.onProgress?.(0, count)
  for (let done = 0; done < count; ) {
    const end = Math.min(count, done + every)
    for (let index = done; index < end; index++) source.writeNext(writer)
    done = end
    if (done < count) options.onProgress?.(done, count)
  }
  writer.finish()
  const table = builder.build()
  options.onProgress?.(count, count)
  return table
}

/** The same table from the records' texts, as any loader would add them (tests: the written table must equal it). */
export function buildGeneratedTableFromTexts(options: GeneratorOptions = {}): Table {
  const builder = generatedTableBuilder()
  generateTexts(options, (texts) => builder.appendTexts(texts))
  return builder.build()
}

/**
 * The same table, pausing for the event loop between slices (10,000 records, a few ms each) so that
 * a worker or server stays responsive (other requests, cancels, progress) while it builds, and handing
 * `onPartial` the table built so far after each finished chunk.
 */
export async function buildGeneratedTableAsync(options: BuildOptions = {}): Promise<Table> {
  const count = options.count ?? DEFAULT_RECORD_COUNT
  const every = options.progressEvery ?? 10_000
  const { builder, writer, source } = startTable(options)
  options.onProgress?.(0, count)
  let chunks = 0
  for (let done = 0; done < count; ) {
    const end = Math.min(count, done + every)
    for (let index = done; index < end; index++) source.writeNext(writer)
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
  writer.finish()
  const table = builder.build()
  options.onProgress?.(count, count)
  return table
}
