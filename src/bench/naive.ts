// The naive baseline of issue 2: an array of row objects scanned on every query. It is also the
// bench's oracle, so it stays obviously correct: q is `String(v).toLowerCase().includes(q)` on each
// field but `_id`, filters are `String(v) === value`, the scan stops at `limit` unless a total is asked.
import type { Answer, SearchParams } from './types.ts'

type Row = Record<string, unknown>

export class NaiveTable {
  private readonly rows: Row[] = []
  /** `_id` of each row: 1, 2, 3, ... in append order. Kept apart so that rows hold only the record's fields. */
  private readonly ids: number[] = []
  private readonly fieldIds: readonly string[]

  /** `fieldIds`: the record's fields in table order, without `_id`. */
  constructor(fieldIds: readonly string[]) {
    this.fieldIds = [...fieldIds]
  }

  get size(): number {
    return this.rows.length
  }

  append(record: Readonly<Record<string, unknown>>): void {
    this.rows.push({ ...record })
    this.ids.push(this.ids.length + 1)
  }

  search(params: SearchParams): Answer {
    const needle = params.q === undefined ? '' : params.q.toLowerCase()
    const filters = Object.entries(params.filters ?? {}).map(
      ([field, wanted]): [string, string[]] => [field, (Array.isArray(wanted) ? wanted : [wanted]).map(String)],
    )
    const ids: number[] = []
    let total = 0
    for (let index = 0; index < this.rows.length; index++) {
      const row = this.rows[index]
      if (!params.include_total && ids.length >= params.limit) break
      if (!filters.every(([field, values]) => values.includes(String(row[field])))) continue
      if (needle !== '' && !this.containsText(row, needle)) continue
      if (ids.length < params.limit) ids.push(this.ids[index])
      total++
    }
    return { ids, total: params.include_total ? total : undefined }
  }

  private containsText(row: Row, lowerNeedle: string): boolean {
    for (const field of this.fieldIds) {
      const value = row[field]
      // A missing value has no text; String(null) would wrongly match the needle "null".
      if (value === null || value === undefined) continue
      if (String(value).toLowerCase().includes(lowerNeedle)) return true
    }
    return false
  }
}
