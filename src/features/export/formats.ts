// The three export formats as pieces of text: a start, one piece per page, an end. Joined, the pieces
// are the file; apart, no piece is ever bigger than one page.
import type { DatastoreRecord } from '../../api/parse-response.ts'
import { CSV_BOM, csvHeader, csvRows } from './csv.ts'

export type ExportFormat = 'csv' | 'json' | 'ndjson'

export const EXPORT_FORMATS: readonly { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'json', label: 'JSON' },
  { format: 'ndjson', label: 'NDJSON' },
]

export const MIME_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  json: 'application/json',
  ndjson: 'application/x-ndjson',
}

export interface FileWriter {
  /** The text of one page of records (the first page also opens the file). */
  page(records: readonly DatastoreRecord[], fieldIds: readonly string[]): string
  end(): string
}

/** A writer that remembers whether it wrote the header / the first record. */
export function createWriter(format: ExportFormat): FileWriter {
  let started = false
  switch (format) {
    case 'csv':
      return {
        page(records, fieldIds) {
          const head = started ? '' : CSV_BOM + csvHeader(fieldIds)
          started = true
          return head + csvRows(records, fieldIds)
        },
        end: () => (started ? '' : CSV_BOM),
      }
    case 'json':
      return {
        page(records) {
          if (records.length === 0) return ''
          const text = records.map((record) => JSON.stringify(record)).join(',\n')
          const piece = (started ? ',\n' : '[\n') + text
          started = true
          return piece
        },
        end: () => (started ? '\n]\n' : '[]\n'),
      }
    case 'ndjson':
      return {
        page: (records) => records.map((record) => JSON.stringify(record) + '\n').join(''),
        end: () => '',
      }
  }
}
