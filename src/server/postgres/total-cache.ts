// Totals of queries, kept while the server runs. A served table does not change (an import, before
// `listening on`, is its only writer, and the tables are read once after it), so a count once made
// stays true: the same conditions on the same table are counted once, and a page asked for again
// (the next page, another sort, other fields) costs only its own rows. Counts under way are shared,
// failed ones forgotten; the oldest entries go first past the capacity.
import type { SearchQuery } from '../../engine/index.ts'

/** The part of a query its total depends on: the conditions, and for `distinct` the fields compared. */
export function totalKey(table: string, query: Pick<SearchQuery, 'text' | 'fieldTexts' | 'filters' | 'distinct' | 'fields'>): string {
  const filters = query.filters
    .map(({ field, values }) => [field, [...new Set(values)].sort()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return JSON.stringify([
    table,
    query.text ?? null,
    query.fieldTexts.map(({ field, text }) => [field, text]),
    filters,
    query.distinct ? query.fields.map((field) => field.id) : null,
  ])
}

interface Entry {
  counting: Promise<number>
  /** Set once the count has come back. */
  total?: number
}

export class TotalCache {
  private readonly entries = new Map<string, Entry>()

  constructor(private readonly capacity = 10_000) {}

  /** The known total for `key`, or the one `count` makes (shared with callers asking meanwhile). */
  get(key: string, count: () => Promise<number>): Promise<number> {
    const known = this.entries.get(key)
    if (known !== undefined) {
      this.entries.delete(key)
      this.entries.set(key, known)
      return known.counting
    }
    const entry: Entry = { counting: count() }
    this.entries.set(key, entry)
    entry.counting.then(
      (total) => {
        entry.total = total
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key)
      },
    )
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string)
    return entry.counting
  }

  /** The total already counted for `key`, if it has come back. */
  known(key: string): number | undefined {
    return this.entries.get(key)?.total
  }

  /** Forgets a table's totals (it was loaded again). */
  forget(table: string): void {
    const prefix = JSON.stringify([table]).slice(0, -1)
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key)
  }

  get size(): number {
    return this.entries.size
  }
}
