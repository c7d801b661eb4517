import { describe, expect, it } from 'vitest'
import { namesTable } from './named-tables.ts'

describe('which resources a statement names', () => {
  it('an id anywhere, an alias as a whole word', () => {
    expect(namesTable('select * from "D2A1E7A0-6B0C"', 'd2a1e7a0-6b0c')).toBe(true)
    expect(namesTable('SELECT * FROM "courses"', 'x', ['courses'])).toBe(true)
    expect(namesTable('SELECT * FROM courses_archive', 'x', ['courses'])).toBe(false)
    expect(namesTable('SELECT * FROM "generated-1m-old"', 'x', ['generated-1m'])).toBe(false)
  })
})
