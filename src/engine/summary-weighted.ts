// Min, max, mean and histogram from distinct values with how many records hold each: one rule for a
// column's dictionary codes (summary.ts) and for every value of a field counted one by one elsewhere
// (a live server's answers), so both give the same figures for the same records.

import { isNumericType } from './cell-text.ts'
import { DEFAULT_BINS } from './summary-request.ts'
import { dateHistogram, dayNumber, numberHistogram } from './summary-histogram.ts'
import type { FieldSummary, Histogram, ValueCount } from './summary-types.ts'
import type { FieldType } from './types.ts'

export interface NumberStats {
  min: number
  max: number
  mean: number
  histogram: Histogram
}

/** The stats of `length` distinct numbers `values`, each held `counts[i]` times (at least one value). */
export function weightedNumberStats(values: Float64Array, counts: ArrayLike<number>, length: number, bins: number, type: FieldType): NumberStats {
  let min = Infinity
  let max = -Infinity
  let sum = 0
  let n = 0
  for (let i = 0; i < length; i++) {
    const value = values[i] as number
    const count = counts[i] as number
    if (value < min) min = value
    if (value > max) max = value
    sum += value * count
    n += count
  }
  const integer = type === 'int' || type === 'int4' || type === 'int8'
  return { min, max, mean: sum / n, histogram: numberHistogram(min, max, bins, integer, { values, weights: counts, length }) }
}

/**
 * The mean and histogram of a field from every one of its non-empty values with its count: numbers
 * (a value given as text is read as a number), or dates and timestamps (a histogram only).
 */
export function valueCountStats(type: FieldType, values: readonly ValueCount[], bins = DEFAULT_BINS): Pick<FieldSummary, 'mean' | 'histogram'> {
  const counts = Float64Array.from(values, (value) => value.count)
  if (isNumericType(type)) {
    const numbers = Float64Array.from(values, (value) => Number(value.value))
    if (values.length === 0 || numbers.some(Number.isNaN)) return {}
    const { mean, histogram } = weightedNumberStats(numbers, counts, values.length, bins, type)
    return { mean, histogram }
  }
  if (type === 'date' || type === 'timestamp') {
    const days = Float64Array.from(values, (value) => (typeof value.value === 'string' ? dayNumber(value.value) : Number.NaN))
    if (values.length === 0 || days.some(Number.isNaN)) return {}
    const histogram = dateHistogram(type === 'timestamp', { values: days, weights: counts, length: values.length })
    return histogram ? { histogram } : {}
  }
  return {}
}
