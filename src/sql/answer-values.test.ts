import { describe, expect, it } from 'vitest'
import { parseArray, valueDecoder } from './answer-values.ts'

describe('values as CKAN 2.11 writes them', () => {
  it('numbers and booleans as JSON, NaN and infinities as text', () => {
    expect(valueDecoder('int8')('9007199254740991')).toBe(9_007_199_254_740_991)
    expect(valueDecoder('numeric')('1.50')).toBe(1.5)
    expect(valueDecoder('float8')('-1e-7')).toBe(-1e-7)
    expect(valueDecoder('float8')('NaN')).toBe('NaN')
    expect(valueDecoder('float8')('-Infinity')).toBe('-Infinity')
    expect(valueDecoder('bool')('t')).toBe(true)
    expect(valueDecoder('bool')('f')).toBe(false)
  })

  it('timestamps, times and zones as Python isoformat', () => {
    expect(valueDecoder('timestamp')('2012-01-01 00:00:00')).toBe('2012-01-01T00:00:00')
    expect(valueDecoder('timestamp')('2012-01-01 10:00:00.5')).toBe('2012-01-01T10:00:00.500000')
    expect(valueDecoder('timestamptz')('2012-01-01 00:00:00+00')).toBe('2012-01-01T00:00:00+00:00')
    expect(valueDecoder('timestamptz')('2012-01-01 00:00:00+05:30')).toBe('2012-01-01T00:00:00+05:30')
    expect(valueDecoder('time')('12:30:00')).toBe('12:30:00')
    expect(valueDecoder('time')('12:30:00.000123')).toBe('12:30:00.000123')
    expect(valueDecoder('timetz')('12:30:00+02')).toBe('12:30:00+02:00')
    expect(valueDecoder('date')('2012-01-01')).toBe('2012-01-01')
  })

  it("intervals as Python's timedelta, a month as 30 days and a year as 365", () => {
    const interval = valueDecoder('interval')
    expect(interval('P1D')).toBe('1 day, 0:00:00')
    expect(interval('P2DT3H4M5S')).toBe('2 days, 3:04:05')
    expect(interval('PT-1H')).toBe('-1 day, 23:00:00')
    expect(interval('PT0.5S')).toBe('0:00:00.500000')
    expect(interval('P1Y2M')).toBe('425 days, 0:00:00')
    expect(interval('PT0S')).toBe('0:00:00')
    expect(interval('P-2DT1H')).toBe('-2 days, 1:00:00')
  })

  it('arrays as lists of their element values, nested and with NULL and quotes', () => {
    expect(valueDecoder('_int4')('{1,2,NULL}')).toEqual([1, 2, null])
    expect(valueDecoder('_text')('{"a b","say \\"hi\\"",NULL,"NULL",plain}')).toEqual(['a b', 'say "hi"', null, 'NULL', 'plain'])
    expect(valueDecoder('_int4')('{{1,2},{3,4}}')).toEqual([[1, 2], [3, 4]])
    expect(valueDecoder('_date')('{}')).toEqual([])
    expect(parseArray('[0:1]={7,8}')).toEqual(['7', '8'])
  })

  it('json and everything else as its text', () => {
    expect(valueDecoder('json')('{"a": [1, 2]}')).toBe('{"a": [1, 2]}')
    expect(valueDecoder('uuid')('6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b')).toBe('6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b')
  })
})
