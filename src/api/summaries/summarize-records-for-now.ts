// TEMPORARY stand-in for the engine's `summarizeRecords` while it is being written: counts, empties,
// distinct values, top values and min/max, without histograms. Replaced by the engine's function.
import type { CellValue, FieldInfo, FieldSummary, RecordObject, TableSummary, ValueCount } from '../../engine/index.ts'

export function summarizeRecordsForNow(fields: readonly FieldInfo[], records: readonly RecordObject[]): TableSummary {
  return {
    resource_id: '',
    total: records.length,
    fields: fields.map((field): FieldSummary => {
      const counts = new Map<string, ValueCount>()
      let empty = 0
      let min: CellValue | undefined
      let max: CellValue | undefined
      for (const record of records) {
        const value = record[field.id] ?? null
        if (value === null || value === '') {
          empty++
          continue
        }
        const text = typeof value === 'string' ? value : JSON.stringify(value)
        const entry = counts.get(text)
        if (entry) entry.count++
        else counts.set(text, { value, text, count: 1 })
        if (min === undefined || min === null || value < min) min = value
        if (max === undefined || max === null || value > max) max = value
      }
      const top = [...counts.values()].sort((a, b) => b.count - a.count).slice(0, 10)
      const ranged = ['int', 'int4', 'int8', 'numeric', 'float8', 'date', 'timestamp'].includes(field.type)
      return { field: field.id, type: field.type, count: records.length, empty, distinct: counts.size, top, ...(ranged ? { min: min ?? null, max: max ?? null } : {}) }
    }),
  }
}
