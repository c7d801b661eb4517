// Every number and date the app writes for people, in the user's locale (the browser's language; in
// Node, the process's). One module, so no screen spells out a locale of its own. Pure: Intl only.
// Copies, exports, links and JSON keep raw values; only text meant to be read goes through here.

let locale: string | undefined

/** Overrides the locale (tests); `undefined` goes back to the runtime's own. */
export function setFormatLocale(next: string | undefined): void {
  locale = next
  formats.clear()
}

const formats = new Map<string, Intl.NumberFormat>()

function numberFormat(maximumFractionDigits: number, minimumFractionDigits = 0): Intl.NumberFormat {
  const key = `${maximumFractionDigits}/${minimumFractionDigits}`
  let format = formats.get(key)
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits, minimumFractionDigits })
    formats.set(key, format)
  }
  return format
}

/** A count or whole number with the locale's digit grouping: `32,000` in English, `32.000` in German. */
export function formatCount(value: number): string {
  return numberFormat(0).format(value)
}

/** A measured number with at most `digits` decimals (a mean, a share): `1,234.57`. */
export function formatDecimal(value: number, digits = 2): string {
  return numberFormat(digits).format(value)
}

/**
 * A record's number with grouping and every one of its digits: `1234567.5` reads `1,234,567.5`.
 * Numeric text (an int8 or numeric beyond 2^53) is formatted from its decimal digits, never
 * through a float, so no digit changes (`12.50` keeps its two decimals); anything that is not a
 * plain decimal comes back as it was.
 */
export function formatRecordNumber(value: number | string): string {
  if (typeof value === 'number') return Number.isFinite(value) ? numberFormat(20).format(value) : String(value)
  const text = value.trim()
  const match = /^[+-]?(?:\d+\.?(\d*)|\.(\d+))([eE][+-]?\d+)?$/.exec(text)
  if (!match) return value
  const decimals = match[3] === undefined ? Math.min(20, (match[1] ?? match[2] ?? '').length) : 0
  // Intl formats a decimal string exactly (ES2023); the cast is for TypeScript's older signature.
  return numberFormat(20, decimals).format(text as unknown as number)
}

/** A date and time for people, in the locale's order (`Nov 25, 2026, 5:30 PM` in English). */
export function formatDateTime(value: Date | number): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(value)
}

/** A measure with exactly `digits` decimals: `12.50`. */
export function formatFixed(value: number, digits = 2): string {
  return numberFormat(digits, digits).format(value)
}

/** A number by its first significant digits, for values too small for decimals: `0.000123`. */
export function formatSignificant(value: number, digits = 3): string {
  return new Intl.NumberFormat(locale, { maximumSignificantDigits: digits }).format(value)
}

/** The month of a UTC date (`Jan 2012` in English). */
export function formatMonth(date: Date): string {
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date)
}

/** The day of a UTC date (`Jan 14, 2012` in English). */
export function formatDay(date: Date): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date)
}
