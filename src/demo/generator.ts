// The large generated demo resource (default 1,000,000 records), deterministic from a seed.
// Shapes follow ../shared/notes/perf-anchors.md "Dataset": ~12 fields, ~260 bytes of text per record.
// Records are generated one at a time straight into the consumer: no intermediate arrays.
import { TableBuilder, type FieldInfo, type ProgressCallback, type RecordObject, type Table } from '../engine/index.ts'
import { createRandom, createZipfSampler, randomInt, type Random } from './prng.ts'
import { capitalize, createVocabulary } from './vocabulary.ts'

export const DEFAULT_SEED = 20261121
export const DEFAULT_RECORD_COUNT = 1_000_000

export const GENERATED_FIELDS: readonly FieldInfo[] = [
  { id: 'subject', type: 'text' },
  { id: 'stage', type: 'text' },
  { id: 'title', type: 'text' },
  { id: 'description', type: 'text' },
  { id: 'city', type: 'text' },
  { id: 'country', type: 'text' },
  { id: 'amount', type: 'numeric' },
  { id: 'date', type: 'date' },
  { id: 'email', type: 'text' },
  { id: 'url', type: 'text' },
  { id: 'flag', type: 'bool' },
]

/** Stage values and their shares of the records. */
export const STAGE_SHARES: ReadonlyArray<readonly [string, number]> = [
  ['active', 0.30], ['closed', 0.25], ['draft', 0.15], ['pending', 0.12], ['archived', 0.10], ['review', 0.08],
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
  /** Default: "quokka" in 3 records per million (at least 1). */
  needles?: readonly Needle[]
}

/** The value sets the records draw from; exported so benchmarks can pick realistic filter values. */
export interface GeneratedDictionaries {
  words: readonly string[]
  /** 200 subjects, most frequent first. */
  subjects: readonly string[]
  /** 1,000 cities, most frequent first. */
  cities: readonly string[]
  /** 100 countries, most frequent first. */
  countries: readonly string[]
}

const VOCABULARY_SIZE = 5_000
const DISTINCT_DATES = 9_490
const TLDS = ['org', 'com', 'net', 'io', 'gov', 'edu']
// "grain" at this rank makes `q: "grain"` match about 4% of records, like the anchors' Q2.
const PINNED_WORDS: ReadonlyMap<number, string> = new Map([[75, 'grain']])

export function defaultNeedles(count: number): Needle[] {
  return [{ text: 'quokka', count: Math.max(1, Math.round((count * 3) / 1_000_000)) }]
}

export function createDictionaries(seed: number = DEFAULT_SEED): GeneratedDictionaries {
  const words = createVocabulary(VOCABULARY_SIZE, seed, PINNED_WORDS)
  const random = createRandom(seed ^ 0x5eed)
  const distinctNames = (size: number, maxWords: number): string[] => {
    const names = new Set<string>()
    while (names.size < size) {
      const parts: string[] = []
      const length = randomInt(random, 1, maxWords)
      for (let i = 0; i < length; i++) parts.push(capitalize(words[randomInt(random, 0, 1_999)]))
      names.add(parts.join(' '))
    }
    return [...names]
  }
  return { words, subjects: distinctNames(200, 3), cities: distinctNames(1_000, 2), countries: distinctNames(100, 3) }
}

function isoDates(): string[] {
  const start = Date.UTC(2000, 0, 1)
  const dates: string[] = []
  for (let day = 0; day < DISTINCT_DATES; day++) dates.push(new Date(start + day * 86_400_000).toISOString().slice(0, 10))
  return dates
}

function createStageSampler(): (random: Random) => string {
  const cumulative: number[] = []
  let total = 0
  for (const [, share] of STAGE_SHARES) cumulative.push((total += share))
  return (random) => {
    const target = random() * total
    const index = cumulative.findIndex((bound) => target < bound)
    return STAGE_SHARES[index === -1 ? STAGE_SHARES.length - 1 : index][0]
  }
}

/** The record indexes (0-based) that receive each needle. */
function needlePlacements(count: number, needles: readonly Needle[]): Map<number, string[]> {
  const placements = new Map<number, string[]>()
  for (const needle of needles) {
    const times = Math.min(needle.count, count)
    for (let k = 0; k < times; k++) {
      const index = Math.floor(((k + 0.5) * count) / times)
      const list = placements.get(index) ?? []
      list.push(needle.text)
      placements.set(index, list)
    }
  }
  return placements
}

/**
 * Yields the generated records in order. Each record object is fresh, so the consumer may keep it.
 * Same options -> the same records, on every platform.
 */
export function* generateRecords(options: GeneratorOptions = {}): Generator<RecordObject, void, undefined> {
  const count = options.count ?? DEFAULT_RECORD_COUNT
  const seed = options.seed ?? DEFAULT_SEED
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Record count must be a natural number, got ${count}`)
  const { words, subjects, cities, countries } = createDictionaries(seed)
  const placements = needlePlacements(count, options.needles ?? defaultNeedles(count))
  const random = createRandom(seed)
  const wordRank = createZipfSampler(words.length, 1.0)
  const subjectRank = createZipfSampler(subjects.length, 1.1)
  const cityRank = createZipfSampler(cities.length, 1.0)
  const countryRank = createZipfSampler(countries.length, 1.0)
  const stage = createStageSampler()
  const dates = isoDates()
  const capitalizedWords = words.map(capitalize)

  // Words are collected and joined, so every text is one flat string (`+=` would leave V8 ropes,
  // about 3x the memory, which every consumer would then pay to flatten).
  const parts: string[] = []
  const sentence = (minWords: number, maxWords: number, extra: string[] | undefined): string => {
    const length = randomInt(random, minWords, maxWords)
    parts.length = 0
    parts.push(capitalizedWords[wordRank(random)])
    for (let i = 1; i < length; i++) {
      parts.push(words[wordRank(random)])
      if (extra !== undefined && i === length >> 1) parts.push(...extra)
    }
    return parts.join(' ')
  }

  for (let index = 0; index < count; index++) {
    const first = words[wordRank(random)]
    const last = words[wordRank(random)]
    // Host names draw uniformly (not Zipf), so they are as varied as real domains.
    const host = words[randomInt(random, 0, words.length - 1)]
    const tld = TLDS[randomInt(random, 0, TLDS.length - 1)]
    const record: RecordObject = {
      subject: subjects[subjectRank(random)],
      stage: stage(random),
      title: sentence(3, 8, undefined),
      description: sentence(10, 30, placements.get(index)),
      city: cities[cityRank(random)],
      country: countries[countryRank(random)],
      amount: Math.round(random() * 1_000_000) / 100,
      date: dates[randomInt(random, 0, DISTINCT_DATES - 1)],
      email: [first, '.', last, randomInt(random, 1, 99), '@mail.', host, '.', tld].join(''),
      url: ['https://www.', host, '.', tld, '/', words[wordRank(random)], '/', words[wordRank(random)], '-', randomInt(random, 1, 9_999)].join(''),
      flag: random() < 0.5,
    }
    yield record
  }
}

export interface BuildOptions extends GeneratorOptions {
  onProgress?: ProgressCallback
  /** Records between progress reports and, in the async build, pauses for the event loop. */
  progressEvery?: number
}

/** Builds the generated table in one go (benchmarks, tests). */
export function buildGeneratedTable(options: BuildOptions = {}): Table {
  const count = options.count ?? DEFAULT_RECORD_COUNT
  const every = options.progressEvery ?? 50_000
  const builder = new TableBuilder([...GENERATED_FIELDS])
  options.onProgress?.(0, count)
  let done = 0
  for (const record of generateRecords(options)) {
    builder.append(record)
    if (++done % every === 0) options.onProgress?.(done, count)
  }
  const table = builder.build()
  options.onProgress?.(count, count)
  return table
}

/**
 * The same table, pausing for the event loop between slices (10,000 records, ~0.1 s) so that a
 * worker or server stays responsive (other requests, cancels, progress) while it builds.
 */
export async function buildGeneratedTableAsync(options: BuildOptions = {}): Promise<Table> {
  const count = options.count ?? DEFAULT_RECORD_COUNT
  const every = options.progressEvery ?? 10_000
  const builder = new TableBuilder([...GENERATED_FIELDS])
  options.onProgress?.(0, count)
  let done = 0
  for (const record of generateRecords(options)) {
    builder.append(record)
    if (++done % every === 0) {
      options.onProgress?.(done, count)
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
  }
  const table = builder.build()
  options.onProgress?.(count, count)
  return table
}
