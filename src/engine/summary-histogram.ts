// Histogram bins with readable bounds, from (value, count) pairs: numbers cut at "nice" thresholds
// (1, 2 or 5 times a power of ten, the rule of d3-array's `ticks`), dates by calendar year, month
// or day, whichever the span needs. Bins are `[lower, upper)`, the last one closed.

import type { Histogram, HistogramBin } from './summary-types.ts'

/** Calls `visit` once per distinct value with how many records hold it. */
export type ForEachValue<T> = (visit: (value: T, count: number) => void) => void

const E10 = Math.sqrt(50)
const E5 = Math.sqrt(10)
const E2 = Math.sqrt(2)

/** Threshold i of a tick scale: i * step, or i / inverse when the step is below 1 (exact decimals). */
interface TickScale {
  at(i: number): number
  /** The largest i with at(i) <= value. */
  floorIndex(value: number): number
}

function tickScale(min: number, max: number, target: number, integer: boolean): TickScale {
  const raw = (max - min) / target
  const power = Math.floor(Math.log10(raw))
  const error = raw / 10 ** power
  const factor = error >= E10 ? 10 : error >= E5 ? 5 : error >= E2 ? 2 : 1
  if (power < 0 && !integer) {
    const inverse = 10 ** -power / factor
    const at = (i: number): number => i / inverse
    return { at, floorIndex: (value) => adjustFloor(at, Math.floor(value * inverse), value) }
  }
  const step = Math.max(power < 0 ? 1 : 10 ** power * factor, integer ? 1 : 0)
  const at = (i: number): number => i * step
  return { at, floorIndex: (value) => adjustFloor(at, Math.floor(value / step), value) }
}

/** Corrects a floor computed in floating point by one step either way. */
function adjustFloor(at: (i: number) => number, guess: number, value: number): number {
  let i = guess
  while (at(i) > value) i--
  while (at(i + 1) <= value) i++
  return i
}

function numberText(value: number): string {
  return String(value)
}

/**
 * Bins for numbers from `min` to `max` (both present among the values) at nice thresholds, about
 * `target` of them. Integer fields never get bins narrower than 1, and each such bin ends where the
 * next integer range starts, so 5 never shares a bin with 4 just because it is the maximum.
 */
export function numberHistogram(min: number, max: number, target: number, integer: boolean, forEach: ForEachValue<number>): Histogram {
  if (min === max) {
    let count = 0
    forEach((_, n) => {
      count += n
    })
    return { unit: 'number', bins: [{ lower: min, upper: max, label: numberText(min), count }] }
  }
  const scale = tickScale(min, max, target, integer)
  const first = scale.floorIndex(min)
  let last = scale.floorIndex(max)
  // the top threshold: max itself when it is one (the closed last bin), else the next one
  if (scale.at(last) < max || integer) last++
  const counts = new Float64Array(last - first)
  forEach((value, n) => {
    const bin = Math.min(scale.floorIndex(value), last - 1) - first
    counts[bin] = (counts[bin] as number) + n
  })
  const bins: HistogramBin[] = []
  for (let i = first; i < last; i++) {
    const lower = scale.at(i)
    const upper = scale.at(i + 1)
    const label = integer && upper - lower === 1 ? numberText(lower) : `${numberText(lower)}–${numberText(upper)}`
    bins.push({ lower, upper, label, count: counts[i - first] as number })
  }
  return { unit: 'number', bins }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/
const DAY_MS = 86_400_000
/** The finest unit whose bins stay this few: days up to two months, months up to three years. */
const MAX_DAY_BINS = 62
const MAX_MONTH_BINS = 36

/** Days since 1970-01-01 of a text that starts with an ISO date, or undefined. */
export function dayNumber(text: string): number | undefined {
  const match = ISO_DATE.exec(text)
  if (!match) return undefined
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  if (date.getUTCDate() !== day) return undefined
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
 * Bins for dates and timestamps (stored as ISO text): by year, month or day as the span between the
 * earliest and latest date needs, every period in between present. Texts that are not ISO dates
 * (a date column may keep other text as given) are in no bin. Undefined when no value is a date.
 */
export function dateHistogram(timestamp: boolean, forEach: ForEachValue<string>): Histogram | undefined {
  let minDay = Infinity
  let maxDay = -Infinity
  forEach((text) => {
    const day = dayNumber(text)
    if (day === undefined) return
    if (day < minDay) minDay = day
    if (day > maxDay) maxDay = day
  })
  if (minDay === Infinity) return undefined
  const unit: DateUnit =
    maxDay - minDay + 1 <= MAX_DAY_BINS ? 'day' : unitKey(maxDay, 'month') - unitKey(minDay, 'month') + 1 <= MAX_MONTH_BINS ? 'month' : 'year'
  const first = unitKey(minDay, unit)
  const counts = new Float64Array(unitKey(maxDay, unit) - first + 1)
  forEach((text, n) => {
    const day = dayNumber(text)
    if (day === undefined) return
    const bin = unitKey(day, unit) - first
    counts[bin] = (counts[bin] as number) + n
  })
  const suffix = timestamp ? 'T00:00:00' : ''
  const bins: HistogramBin[] = []
  for (let i = 0; i < counts.length; i++) {
    const { iso, label } = keyStart(first + i, unit)
    bins.push({ lower: iso + suffix, upper: keyStart(first + i + 1, unit).iso + suffix, label, count: counts[i] as number })
  }
  return { unit, bins }
}
