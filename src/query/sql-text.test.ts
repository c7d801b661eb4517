import { describe, expect, it } from 'vitest'
import { firstStatement, tableName } from './sql-names.ts'
import { quoteIdent, sqlExamples } from './sql-text.ts'

describe('SQL names', () => {
  it('quotes a name only when PostgreSQL would not read it back unchanged', () => {
    expect(quoteIdent('subject')).toBe('subject')
    expect(quoteIdent('start_date2')).toBe('start_date2')
    expect(quoteIdent('Subject')).toBe('"Subject"')
    expect(quoteIdent('order')).toBe('"order"')
    expect(quoteIdent('two words')).toBe('"two words"')
    expect(quoteIdent('a"b')).toBe('"a""b"')
    expect(quoteIdent('2nd')).toBe('"2nd"')
  })

  it('names a table by its resource id, always quoted', () => {
    expect(tableName('d2a1e7a0-6b0c')).toBe('"d2a1e7a0-6b0c"')
    expect(firstStatement(' abc ')).toBe('SELECT * FROM "abc" LIMIT 10')
  })
})

describe('examples for a resource', () => {
  const FIELDS = [
    { id: '_id', type: 'int4' },
    { id: 'code', type: 'text' },
    { id: 'Subject', type: 'text' },
    { id: 'fee', type: 'numeric' },
    { id: 'start date', type: 'date' },
  ]

  it('counts per a text field (the preferred one first) and a monthly series with a mean', () => {
    const examples = sqlExamples('res-1', FIELDS, ['Subject'])
    expect(examples.map((example) => example.label)).toEqual(['First 10 records', 'Count per Subject', 'Monthly series of start date'])
    expect(examples[1].sql).toBe('SELECT "Subject", count(*) AS records\nFROM "res-1"\nGROUP BY "Subject"\nORDER BY records DESC')
    expect(examples[2].sql).toContain(`date_trunc('month', "start date")`)
    expect(examples[2].sql).toContain('round(avg(fee)::numeric, 2) AS mean_fee')
  })

  it('offers only what the fields allow', () => {
    expect(sqlExamples('r', [{ id: 'n', type: 'int4' }]).map((example) => example.label)).toEqual(['First 10 records'])
  })
})
