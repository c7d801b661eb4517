// The two resources the fuzz tests serve: a CSV with odd text (multi-line, non-ASCII, control
// characters, quotes) and a private JSON file with nested values.
import type { FuzzTarget } from '../fuzz-requests.ts'

export const TARGET: FuzzTarget = {
  basePath: '/data',
  publicId: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  privateId: 'private-fuzz-grades',
  token: 'fuzz-secret-token-c0ffee',
  publicFields: ['subject', 'stage', 'credits', 'price', 'note'],
  privateFields: ['student', 'grade', 'tags', 'meta'],
}

/** Prices of the generated rows, with trailing zeros (`0.00`, `0.50`, `1.00`). */
const PRICES = Array.from({ length: 400 }, (_, i) => (i * 0.25).toFixed(2))

export const CSV = [
  'subject,stage,credits,price,note',
  'Biology,active,5,10.5,"multi\nline"',
  'Biology,closed,10,,',
  '"Économie, avancée",active,15,3.25,日本語 😀',
  'Straße,active,,0,"say ""hi"""',
  'biology,,7,-2,\x01ctrl',
  // More rows, so offsets, sorts and searches have pages to cross.
  ...Array.from({ length: 400 }, (_, i) => `${['Physics', 'Chemie', 'Ökonomie', 'art'][i % 4]} ${i % 37},${i % 3 === 0 ? 'active' : 'closed'},${i % 11 === 0 ? '' : i},${PRICES[i]},note ${i} ${'x'.repeat(i % 50)}`),
].join('\r\n')

/** The texts of the CSV's numeric column, as the file writes them (with trailing zeros: `0.50`, `1.00`). */
export const CSV_NUMBER_TEXTS: Readonly<Record<string, ReadonlySet<string>>> = {
  price: new Set(['10.5', '3.25', '0', '-2', ...PRICES]),
}

export const JSON_RECORDS = [
  { student: 'Ada', grade: 97, tags: ['a', 'b'], meta: { k: 1 } },
  { student: 'Grace', grade: 91, tags: [], meta: null },
  { student: 'İlkay', grade: null, tags: ['ı'], meta: { nested: { deep: true } } },
]
