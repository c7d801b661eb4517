// Histogram bins with readable bounds, from (value, count) pairs: numbers cut at "nice" thresholds
// (1, 2 or 5 times a power of ten, the rule of d3-array's `ticks`), dates by calendar year, month
// or day, whichever the span needs. Bins are `[lower, upper)`, the last one closed.

import type { Histogram, HistogramBin } from './summary-types.ts'

/** Distinct values and how many records hold each (`weights` absent: one each); `length` entries. */
export interface WeightedValues {
  values: ArrayLike<number>
  weights?: ArrayLike<number>
  length: number
}

const E10 = Math.sqrt(50)
const E5 = Math.sqrt(10)
const E2 = Math.sqrt(2)

/**
 * Thresholds at a "nice" step covering [min, max]: i / inverse when the step is below 1 (exact
 * decimals such as 0.3), else i * step. Integer fields never get a step below 1.
 */
function niceThresholds(min: number, max: number, target: number, integer: boolean): { thresholds: Float64Array; step: number } {
  const raw = (max - min) / target
  const power = Math.floor(Math.log10(raw))
  const error = raw / 10 ** power
  const factor = error >= E10 ? 10 : error >= E5 ? 5 : error >= E2 ? 2 : 1
  const fine = power < 0 && !integer
  const inverse = fine ? 10 ** -power / factor : 1
  const step = fine ? 1 / inverse : Math.max(power < 0 ? 1 : 10 ** power * factor, 1)
  const at = (i: number): number => (fine ? i / inverse : i * step)
  let first = Math.floor(min / step)
  while (at(first) > min) first--
  while (at(first + 1) <= min) first++
  let last = Math.floor(max / step)
  while (at(last) > max) last--
  while (at(last + 1) <= max) last++
  // the top threshold: max itself when it is one (the closed last bin), else the next one; integer
  // bins end where the next integer range starts, so the maximum never shares a bin just for being it
  if (at(last) < max || integer) last++
  const thresholds = new Float64Array(last - first + 1)
  for (let i = first; i <= last; i++) thresholds[i - first] = at(i)
  return { thresholds, step }
}

function numberText(value: number): string {
  return String(value)
}

/** Bins for numbers from `min` to `max` (both among the values) at nice thresholds, about `target` of them. */
export function numberHistogram(min: number, max: number, target: number, integer: boolean, data: WeightedValues): Histogram {
  const { values, weights, length } = data
  if (min === max) {
    let count = 0
    for (let i = 0; i < length; i++) count += weights ? (weights[i] as number) : 1
    return { unit: 'number', bins: [{ lower: min, upper: max, label: numberText(min), count }] }
  }
  const { thresholds, step } = niceThresholds(min, max, target, integer)
  const binCount = thresholds.length - 1
  const start = thresholds[0] as number
  const counts = new Float64Array(binCount)
  for (let i = 0; i < length; i++) {
    const value = values[i] as number
    let bin = Math.min(binCount - 1, Math.max(0, Math.floor((value - start) / step)))
    while (bin > 0 && value < (thresholds[bin] as number)) bin--
    while (bin < binCount - 1 && value >= (thresholds[bin + 1] as number)) bin++
    counts[bin] = (counts[bin] as number) + (weights ? (weights[i] as number) : 1)
  }
  const bins: HistogramBin[] = []
  for (let bin = 0; bin < binCount; bin++) {
    const lower = thresholds[bin] as number
    const upper = thresholds[bin + 1] as number
    const label = integer && upper - lower === 1 ? numberText(lower) : `${numberText(lower)} to ${numberText(upper)}`
    bins.push({ lower, upper, label, count: counts[bin] as number })
  }
  return { unit: 'number', bins }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/
const DAY_MS = 86_400_000
/** The finest unit whose bins stay this few: days up to two months, months up to three years. */
const MAX_DAY_BINS = 62
const MAX_MONTH_BINS = 36
const MAX_YEAR_BINS = 60

/** Days since 1970-01-01 of a text that starts with an ISO date, or NaN. */
export function dayNumber(text: string): number {
  const match = ISO_DATE.exec(text)
  if (!match) return Number.NaN
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  if (month < 1 || month > 12 || day < 1 || day > 31) return Number.NaN
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  if (date.getUTCDate() !== day) return Number.NaN
  return Math.round(date.getTime() / DAY_MS)
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0')
}

type DateUnit = 'year' | 'month' | 'day'

/** The bin key of a day in a unit: years, months since year 0, or the day number itself. */
function unitKey(day: number, unit: DateUnit): number {
  if (unit === 'day') return day
  const date = new Date(day * DAY_MS)
  return unit === 'year' ? date.getUTCFullYear() : date.getUTCFullYear() * 12 + date.getUTCMonth()
}

/** The first day of a bin key, as `YYYY-MM-DD`, and its label. */
function keyStart(key: number, unit: DateUnit): { iso: string; label: string } {
  if (unit === 'year') return { iso: `${pad(key, 4)}-01-01`, label: pad(key, 4) }
  if (unit === 'month') {
    const month = `${pad(Math.floor(key / 12), 4)}-${pad((key % 12) + 1, 2)}`
    return { iso: `${month}-01`, label: month }
  }
  const iso = new Date(key * DAY_MS).toISOString().slice(0, 10)
  return { iso, label: iso }
}

/**
 * Bins for dates and timestamps by year, month or day as the span between the earliest and latest
 * date needs, every period in between present. `data.values` are day numbers (`dayNumber`); NaN,
 * for texts that are not ISO dates (a date column may keep other text as given), is in no bin.
 * Undefined when no value is a date.
 */
export function dateHistogram(timestamp: boolean, data: WeightedValues): Histogram | undefined {
  const { values, weights, length } = data
  let minDay = Infinity
  let maxDay = -Infinity
  for (let i = 0; i < length; i++) {
    const day = values[i] as number
    if (day < minDay) minDay = day
    if (day > maxDay) maxDay = day
  }
  if (minDay === Infinity) return undefined
  const unit: DateUnit =
    maxDay - minDay + 1 <= MAX_DAY_BINS ? 'day' : unitKey(maxDay, 'month') - unitKey(minDay, 'month') + 1 <= MAX_MONTH_BINS ? 'month' : 'year'
  // beyond a few dozen years, years are grouped by a nice step (2, 5, 10, 20, 50, 100, ...)
  const years = unit === 'year' ? unitKey(maxDay, 'year') - unitKey(minDay, 'year') + 1 : 0
  const step = years > MAX_YEAR_BINS ? yearStep(years) : 1
  const keyOf = (day: number): number => Math.floor(unitKey(day, unit) / step)
  const first = keyOf(minDay)
  const counts = new Float64Array(keyOf(maxDay) - first + 1)
  for (let i = 0; i < length; i++) {
    const day = values[i] as number
    if (Number.isNaN(day)) continue
    const bin = keyOf(day) - first
    counts[bin] = (counts[bin] as number) + (weights ? (weights[i] as number) : 1)
  }
  const suffix = timestamp ? 'T00:00:00' : ''
  const bins: HistogramBin[] = []
  for (let i = 0; i < counts.length; i++) {
    const key = (first + i) * step
    const { iso, label } = keyStart(key, unit)
    const upper = keyStart(key + step, unit).iso
    bins.push({ lower: iso + suffix, upper: upper + suffix, label: step === 1 ? label : `${label}–${pad(key + step - 1, 4)}`, count: counts[i] as number })
  }
  return { unit, bins }
}

/** The smallest nice step (2, 5, 10, 20, 50, 100, ...) that groups `years` into at most half the year bins. */
function yearStep(years: number): number {
  for (let power = 1; ; power *= 10) {
    const step = [2, 5, 10].map((factor) => factor * power).find((candidate) => Math.ceil(years / candidate) <= MAX_YEAR_BINS / 2)
    if (step !== undefined) return step
  }
}
