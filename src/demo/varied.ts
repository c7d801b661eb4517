// The "varied types" demo resource: every kind of value a grid must render safely and correctly.
import { TableBuilder, type CellValue, type FieldInfo, type Table } from '../engine/index.ts'
import { createRandom, randomInt, type Random } from './prng.ts'

export const VARIED_FIELDS: readonly FieldInfo[] = [
  { id: 'name', type: 'text' },
  { id: 'count', type: 'int4' },
  { id: 'big_count', type: 'int8' },
  { id: 'ratio', type: 'numeric' },
  { id: 'temperature', type: 'float8' },
  { id: 'day', type: 'date' },
  { id: 'updated_at', type: 'timestamp' },
  { id: 'verified', type: 'bool' },
  { id: 'homepage', type: 'text' },
  { id: 'note', type: 'text' },
  { id: 'long_text', type: 'text' },
  { id: 'tags', type: 'json' },
  { id: 'details', type: 'json' },
]

export const VARIED_COUNT = 300

// Accents, CJK, emoji (incl. a ZWJ sequence), right-to-left scripts and a combining mark.
const NAMES = ['Zoë Ångström', 'François Müller', 'Łukasz Żółć', '山田 太郎', '李小龙', '김민준', 'مريم الحسن',
  'שרה כהן', 'Ἀθηνᾶ', 'Dvořák', 'Ñandú', '🦘 Kangaroo', '👩‍🔬 Scientist', 'cafe\u0301', 'Plain ASCII']
// Only the http(s) ones may ever become links; the others are text a grid must not activate.
const HOMEPAGES = ['https://example.org/a?b=1&c=2', 'http://example.com/path#frag', 'https://例え.jp/ページ',
  'javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'ftp://files.example.net/x', '']
const NOTES: CellValue[] = ['', null, 'plain note', '<b>not bold</b>', 'line one\nline two', '  padded  ', 'tab\tseparated', '"quoted"']
const WORDS = ['lorem', 'ipsum', 'dolor', 'sit', 'amet', 'élan', 'naïve', 'smörgåsbord', 'データ', 'ñ']

function pick<T>(random: Random, values: readonly T[]): T {
  return values[randomInt(random, 0, values.length - 1)]
}

function nullable<T extends CellValue>(random: Random, value: T): T | null {
  return random() < 0.08 ? null : value
}

function longText(random: Random): string {
  const words: string[] = []
  const length = randomInt(random, 150, 450)
  for (let i = 0; i < length; i++) words.push(pick(random, WORDS))
  return words.join(' ')
}

export function buildVariedTable(): Table {
  const random = createRandom(202)
  const builder = new TableBuilder([...VARIED_FIELDS])
  for (let i = 0; i < VARIED_COUNT; i++) {
    const day = new Date(Date.UTC(1990, 0, 1) + randomInt(random, 0, 15_000) * 86_400_000)
    builder.append({
      name: `${NAMES[i % NAMES.length]} ${i + 1}`,
      count: nullable(random, randomInt(random, -1_000, 1_000_000)),
      big_count: nullable(random, randomInt(random, 0, 9_000_000) * 1_000_000_000),
      ratio: nullable(random, randomInt(random, -100_000, 100_000) / 1_000),
      temperature: nullable(random, Math.round((random() * 120 - 60) * 1e6) / 1e6),
      day: nullable(random, day.toISOString().slice(0, 10)),
      updated_at: nullable(random, new Date(day.getTime() + randomInt(random, 0, 86_399) * 1000).toISOString().slice(0, 19)),
      verified: random() < 0.15 ? null : random() < 0.5,
      homepage: nullable(random, pick(random, HOMEPAGES)),
      note: pick(random, NOTES),
      long_text: i % 10 === 0 ? longText(random) : pick(random, WORDS),
      tags: random() < 0.1 ? null : [pick(random, WORDS), pick(random, WORDS), randomInt(random, 0, 9)],
      details: random() < 0.1 ? null : { level: randomInt(random, 1, 5), ok: random() < 0.5, nested: { label: pick(random, NAMES) } },
    })
  }
  return builder.build()
}
