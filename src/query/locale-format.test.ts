import { afterEach, describe, expect, it } from 'vitest'
import { formatCount, formatDecimal, formatRecordNumber, setFormatLocale } from './locale-format.ts'

afterEach(() => setFormatLocale(undefined))

describe('locale formatting', () => {
  it('groups digits the way the locale does', () => {
    setFormatLocale('en-US')
    expect(formatCount(1234567)).toBe('1,234,567')
    setFormatLocale('de-DE')
    expect(formatCount(1234567)).toBe('1.234.567')
    expect(formatDecimal(1234.567)).toBe('1.234,57')
  })

  it('formats a record number with every digit it has', () => {
    setFormatLocale('en-US')
    expect(formatRecordNumber(1234567.5)).toBe('1,234,567.5')
    expect(formatRecordNumber(0.000123)).toBe('0.000123')
    expect(formatRecordNumber(-42)).toBe('-42')
    // beyond 2^53: formatted from the digits, not through a float
    expect(formatRecordNumber('12345678901234567891')).toBe('12,345,678,901,234,567,891')
    expect(formatRecordNumber('1234.50')).toBe('1,234.50')
    expect(formatRecordNumber('1e3')).toBe('1,000')
  })

  it('leaves what is not a plain number as it was', () => {
    setFormatLocale('en-US')
    expect(formatRecordNumber('NaN')).toBe('NaN')
    expect(formatRecordNumber('0x10')).toBe('0x10')
    expect(formatRecordNumber(Number.POSITIVE_INFINITY)).toBe('Infinity')
  })
})
