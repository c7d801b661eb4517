import { describe, expect, it } from 'vitest'
import { exportFileName } from './file-name.ts'

const DAY = new Date(2026, 10, 21, 23, 59)

describe('exportFileName', () => {
  it('names the resource and the local date', () => {
    expect(exportFileName('Courses', 'csv', DAY)).toBe('courses-2026-11-21.csv')
    expect(exportFileName('d2a1e7a0-6b0c-4e55-9a57-2f3c5c1f1e01', 'ndjson', DAY)).toBe('d2a1e7a0-6b0c-4e55-9a57-2f3c5c1f1e01-2026-11-21.ndjson')
  })

  it('keeps only characters safe in any file system', () => {
    expect(exportFileName('Generated, 1,000,000 records', 'json', DAY)).toBe('generated-1-000-000-records-2026-11-21.json')
    expect(exportFileName('../../etc/Économie: a/b', 'csv', DAY)).toBe('etc-economie-a-b-2026-11-21.csv')
    expect(exportFileName('東京', 'csv', DAY)).toBe('export-2026-11-21.csv')
  })
})
