// A column's text from PostgreSQL (its output format, under the session settings run.ts sets:
// DateStyle ISO, TimeZone UTC, IntervalStyle iso_8601, extra_float_digits 1) to the JSON value CKAN
// 2.11 writes for it (psycopg2's Python value through CKAN's `convert`): numbers as numbers, booleans,
// timestamps as Python's isoformat (`2012-01-01T00:00:00`, `+00:00`), intervals as Python's timedelta
// (`1 day, 0:00:00`, a month counted as 30 days and a year as 365), arrays as lists, `json` as its
// text, anything else as its text.

import type { SqlValue } from '../engine/index.ts'

export type ValueDecoder = (text: string) => SqlValue

const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'oid', 'float4', 'float8', 'numeric'])

export function valueDecoder(typeName: string): ValueDecoder {
  if (typeName.startsWith('_')) {
    const element = valueDecoder(typeName.slice(1))
    return (text) => decodeArray(parseArray(text), element)
  }
  if (NUMBER_TYPES.has(typeName)) return (text) => (/^[-+]?(\d|\.\d)/.test(text) ? Number(text) : text)
  switch (typeName) {
    case 'bool':
      return (text) => text === 't' || text === 'true'
    case 'timestamp':
    case 'timestamptz':
      return timestampText
    case 'time':
    case 'timetz':
      return timeText
    case 'interval':
      return intervalText
    default:
      return (text) => text
  }
}

/** `2012-01-01 10:00:00.5+00` -> `2012-01-01T10:00:00.500000+00:00` (Python's isoformat). */
function timestampText(text: string): string {
  const match = /^(\d{4,}-\d\d-\d\d) (\d\d:\d\d:\d\d(?:\.\d+)?)([+-]\d\d(?::?\d\d){0,2})?$/.exec(text)
  if (!match) return text
  return `${match[1]}T${timeText(match[2] as string)}${match[3] === undefined ? '' : zoneText(match[3])}`
}

/** `12:30:00.5` -> `12:30:00.500000`; `12:30:00+02` -> `12:30:00+02:00`. */
function timeText(text: string): string {
  const match = /^(\d\d:\d\d:\d\d)(?:\.(\d+))?([+-]\d\d(?::?\d\d){0,2})?$/.exec(text)
  if (!match) return text
  const fraction = match[2] === undefined || /^0+$/.test(match[2]) ? '' : `.${match[2].padEnd(6, '0')}`
  return `${match[1]}${fraction}${match[3] === undefined ? '' : zoneText(match[3])}`
}

function zoneText(zone: string): string {
  const [hours, minutes = '00', seconds] = zone.slice(1).split(':')
  return `${zone[0]}${hours}:${minutes}${seconds === undefined ? '' : `:${seconds}`}`
}

const MICROS_PER_DAY = 86_400_000_000n

/** ISO 8601 interval (`P1Y2M3DT4H5M6.5S`) -> Python's str(timedelta): `428 days, 4:05:06.500000`. */
function intervalText(text: string): string {
  const match = /^P(?:(-?\d+)Y)?(?:(-?\d+)M)?(?:(-?\d+)D)?(?:T(?:(-?\d+)H)?(?:(-?\d+)M)?(?:(-?\d+(?:\.\d+)?)S)?)?$/.exec(text)
  if (!match) return text
  const [, years = '0', months = '0', days = '0', hours = '0', minutes = '0', seconds = '0'] = match
  const dayCount = BigInt(years) * 365n + BigInt(months) * 30n + BigInt(days)
  const [whole = '0', fraction = ''] = seconds.split('.')
  const secondMicros = BigInt(whole) * 1_000_000n + (seconds.startsWith('-') ? -1n : 1n) * BigInt(fraction.padEnd(6, '0').slice(0, 6) || '0')
  let total = dayCount * MICROS_PER_DAY + (BigInt(hours) * 3600n + BigInt(minutes) * 60n) * 1_000_000n + secondMicros
  let outDays = total / MICROS_PER_DAY
  total -= outDays * MICROS_PER_DAY
  if (total < 0n) {
    total += MICROS_PER_DAY
    outDays -= 1n
  }
  const micros = total % 1_000_000n
  const allSeconds = total / 1_000_000n
  const clock = `${allSeconds / 3600n}:${String((allSeconds / 60n) % 60n).padStart(2, '0')}:${String(allSeconds % 60n).padStart(2, '0')}`
  const fractionText = micros === 0n ? '' : `.${String(micros).padStart(6, '0')}`
  const dayText = outDays === 0n ? '' : `${outDays} day${outDays === 1n || outDays === -1n ? '' : 's'}, `
  return `${dayText}${clock}${fractionText}`
}

type ArrayText = string | null | ArrayText[]

function decodeArray(items: ArrayText[], element: ValueDecoder): SqlValue[] {
  return items.map((item) => (item === null ? null : Array.isArray(item) ? decodeArray(item, element) : element(item)))
}

/** PostgreSQL's array output (`{1,NULL,"a b",{2,3}}`, maybe after `[0:1]=`) as nested lists of texts. */
export function parseArray(text: string): ArrayText[] {
  let index = text.startsWith('[') ? text.indexOf('=') + 1 : 0
  const read = (): ArrayText[] => {
    const items: ArrayText[] = []
    index++ // '{'
    if (text[index] === '}') {
      index++
      return items
    }
    for (;;) {
      if (text[index] === '{') items.push(read())
      else if (text[index] === '"') {
        let value = ''
        index++
        while (text[index] !== '"') {
          if (text[index] === '\\') index++
          value += text[index]
          index++
        }
        index++
        items.push(value)
      } else {
        let end = index
        while (text[end] !== ',' && text[end] !== '}') end++
        const raw = text.slice(index, end)
        items.push(raw === 'NULL' ? null : raw)
        index = end
      }
      if (text[index] === ',') index++
      else {
        index++ // '}'
        return items
      }
    }
  }
  return read()
}
