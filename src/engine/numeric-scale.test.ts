import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvRowEncoder } from './csv-types.ts'
import { copyCell, formatRecords } from './records-format.ts'
import { cellScale, differingScale, loadedScale, ownScale, plainDecimal, scaledText, ScaleColumnsBuilder } from './numeric-scale.ts'
import { TableBuilder, asStoredTable } from './table.ts'

describe('the scale of a numeric text, as PostgreSQL reads it', () => {
  it('counts the fraction digits written, less the exponent', () => {
    expect(loadedScale('0.0')).toBe(1)
    expect(loadedScale('5.0')).toBe(1)
    expect(loadedScale('0.10')).toBe(2)
    expect(loadedScale('-12')).toBe(0)
    expect(loadedScale(' 6.50 ')).toBe(2)
    expect(loadedScale('+.5')).toBe(1)
    expect(loadedScale('5.')).toBe(0)
    expect(loadedScale('1.50e1')).toBe(1)
    expect(loadedScale('1e5')).toBe(0)
    expect(loadedScale('1E-7')).toBe(7)
    for (const text of ['', '.', 'abc', '1,5', '0x10', 'NaN', 'Infinity', '1e', '--1']) expect(loadedScale(text)).toBeUndefined()
  })

  it('writes a JavaScript number text as a plain decimal', () => {
    expect(plainDecimal('0.1')).toBe('0.1')
    expect(plainDecimal('1e-7')).toBe('0.0000001')
    expect(plainDecimal('-1.25e-7')).toBe('-0.000000125')
    expect(plainDecimal('1.5e+21')).toBe('1500000000000000000000')
    expect(plainDecimal('1.2345e+2')).toBe('123.45')
    expect(ownScale('5')).toBe(0)
    expect(ownScale('0.25')).toBe(2)
    expect(ownScale('1e-7')).toBe(7)
  })

  it('pads the stored text to the loaded scale and never cuts it', () => {
    expect(scaledText('0', 1)).toBe('0.0')
    expect(scaledText('5', 1)).toBe('5.0')
    expect(scaledText('0.1', 2)).toBe('0.10')
    expect(scaledText('-2.5', 3)).toBe('-2.500')
    expect(scaledText('1e-7', 8)).toBe('0.00000010')
    expect(scaledText('0.25', 1)).toBe('0.25')
    expect(scaledText('7')).toBe('7')
  })

  it('keeps a scale only where it differs from the stored text\'s own', () => {
    expect(differingScale('5.0', '5')).toBe(1)
    expect(differingScale('0.10', '0.1')).toBe(2)
    expect(differingScale('-0.0', '0')).toBe(1)
    expect(differingScale('3.25', '3.25')).toBeUndefined()
    expect(differingScale('5', '5')).toBeUndefined()
    expect(differingScale('1e5', '100000')).toBeUndefined()
    expect(cellScale('numeric', '5.00', '5')).toBe(2)
    expect(cellScale('numeric', 5, '5')).toBeUndefined()
    expect(cellScale('int4', '5.0', '5')).toBeUndefined()
  })

  it('gives back the loaded text of every canonical decimal with trailing zeros (property)', () => {
    const decimal = fc
      .tuple(fc.boolean(), fc.integer({ min: 0, max: 99999 }), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 4 }))
      .map(([negative, digits, point, zeros]) => {
        const text = String(digits).padStart(point + 1, '0')
        const whole = text.slice(0, text.length - point)
        const fraction = text.slice(text.length - point) + '0'.repeat(zeros)
        return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`
      })
    fc.assert(
      fc.property(decimal, (raw) => {
        const stored = String(Number(raw))
        const kept = differingScale(raw, stored)
        // PostgreSQL's numeric has no negative zero
        const expected = Number(raw) === 0 ? raw.replace(/^-/, '') : raw
        expect(scaledText(stored, kept)).toBe(expected)
      }),
    )
  })
})

describe('kept scales in a table', () => {
  it('cost nothing for columns without any, and survive in a snapshot taken while loading', () => {
    const builder = new ScaleColumnsBuilder()
    builder.add(0, [undefined, 1])
    const early = builder.build(1)
    builder.add(5000, [undefined, 300])
    const late = builder.build(5001)
    expect([early.scaleOf(0, 0), early.scaleOf(0, 1), early.scaleOf(5000, 1)]).toEqual([undefined, 1, undefined])
    expect([late.scaleOf(0, 1), late.scaleOf(4999, 1), late.scaleOf(5000, 1)]).toEqual([1, undefined, 300])
  })

  it('are read from CSV cells and from numeric cells given as text', () => {
    const fields = [{ id: 'x', type: 'numeric' as const }, { id: 'n', type: 'int4' as const }]
    const encode = csvRowEncoder(fields)
    const texts: (string | null)[] = []
    const scales: (number | undefined)[] = []
    encode(['0.10', '7'], texts, scales)
    expect([texts, scales]).toEqual([['0.1', '7'], [2, undefined]])
    const builder = new TableBuilder(fields, { chunkSize: 2 })
    builder.appendTexts(texts, scales)
    builder.append({ x: '5.0', n: 1 })
    builder.append({ x: 5, n: 1 })
    const table = asStoredTable(builder.build())
    expect([0, 1, 2].map((record) => table.scales.scaleOf(record, 0))).toEqual([2, 1, undefined])
    expect(table.fieldText(1, 0)).toBe('5')
  })
})

describe('numeric cells in csv and tsv records', () => {
  const fields = [{ id: 'x', type: 'numeric' as const }, { id: 'f', type: 'float8' as const }, { id: 'n', type: 'int4' as const }]

  it('are written with their loaded scale as a plain decimal; JSON records stay numbers', () => {
    const rows = [[0, 1, 2], [5, 0.5, 3], [1e-7, 1e-7, 4], [null, null, null]]
    const scales = [[1], [1, 3, 3], undefined, [2]]
    expect(formatRecords(fields, rows, 'csv', scales)).toBe('0.0,1,2\n5.0,0.5,3\n0.0000001,1e-7,4\n,,\n')
    expect(formatRecords(fields, rows, 'tsv', scales)).toBe('0.0\t1\t2\n5.0\t0.5\t3\n0.0000001\t1e-7\t4\n\t\t\n')
    expect(formatRecords(fields, rows, 'lists', scales)).toEqual(rows)
    expect(formatRecords(fields, rows, 'objects', scales)).toEqual(rows.map(([x, f, n]) => ({ x, f, n })))
    expect(copyCell(fields[0]!, 0.1, ',', false, 2)).toBe('0.10')
    expect(copyCell(fields[0]!, 0.25, ',', false, 1)).toBe('0.25')
  })
})
