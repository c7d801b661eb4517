import { describe, expect, it } from 'vitest'
import { FieldEnds } from './field-ends.ts'
import { fingerprintOf, writtenChunkFingerprints } from './text-fingerprint.ts'

describe('writtenChunkFingerprints', () => {
  it("gives each record's cell the fingerprint of its text, and 0 for an empty cell", () => {
    // three records of two fields, `a,b` separated as a written chunk is (a byte between fields)
    const records = [
      ['x', 'hello world'],
      ['long enough to take four bytes a step', ''],
      ['', 'abc'],
    ]
    const text = records.map((fields) => `${fields.join('\u0000')}\u0000`).join('')
    const bytes = new TextEncoder().encode(text)
    const starts = new Int32Array(records.length + 1)
    const ends: number[] = []
    records.forEach((fields, record) => {
      let at = 0
      for (const field of fields) {
        at += field.length
        ends.push(at)
        at++
      }
      starts[record + 1] = (starts[record] as number) + at
    })
    const fieldEnds = FieldEnds.of(Int32Array.from(ends), records.length, 2)
    for (const position of [0, 1]) {
      const hashes = writtenChunkFingerprints(bytes, records.length, starts, fieldEnds, position)
      const expected = records.map(([...fields]) => {
        const cell = fields[position] as string
        return cell === '' ? 0 : fingerprintOf(cell, 0, cell.length) >>> 0
      })
      expect([...hashes]).toEqual(expected)
    }
  })
})
