// The grouping the user asked for (the `Group by` panel) and its link form. Pure, no React.
//
// Link parameters (after the query's own; defaults left out):
//   group=<field>                repeated for a second key; a date cut is `<field> by month` (year, month, day)
//   measure=count | <name> <field>   `mean cost`; default count
//   group_top=<N>                groups kept before `other` (default 20; 0 keeps every group)
// Field names may hold any character; the last word decides (` by month`, `mean `).
import { formatCount } from './locale-format.ts'

export type GroupUnit = 'year' | 'month' | 'day'
export type GroupMeasure = 'count' | 'sum' | 'mean' | 'min' | 'max'
export const GROUP_UNITS: readonly GroupUnit[] = ['year', 'month', 'day']
export const GROUP_MEASURES: readonly GroupMeasure[] = ['count', 'sum', 'mean', 'min', 'max']
export const DEFAULT_GROUP_TOP = 20

export interface GroupingKey {
  field: string
  unit?: GroupUnit
}

export interface Grouping {
  /** One or two keys. */
  keys: GroupingKey[]
  measure: GroupMeasure
  /** The numeric field measured (absent for `count`). */
  measureField?: string
  /** Groups kept before `other` (text and number keys; date cuts keep every bin). */
  top: number
}

export const GROUPING_PARAMS: ReadonlySet<string> = new Set(['group', 'measure', 'group_top'])
const MAX_TOP = 10_000

/** Date cuts list every bin in key order; other keys keep the top N by the measure. */
export function keepsEveryGroup(grouping: Grouping): boolean {
  return grouping.keys[0]?.unit !== undefined
}

export function encodeGrouping(grouping: Grouping | undefined): [string, string][] {
  if (!grouping || grouping.keys.length === 0) return []
  const pairs: [string, string][] = grouping.keys.map((key): [string, string] => ['group', key.unit ? `${key.field} by ${key.unit}` : key.field])
  if (grouping.measure !== 'count' && grouping.measureField !== undefined) pairs.push(['measure', `${grouping.measure} ${grouping.measureField}`])
  if (grouping.top !== DEFAULT_GROUP_TOP) pairs.push(['group_top', String(grouping.top)])
  return pairs
}

/**
 * The grouping of a link's `group`, `measure` and `group_top` parameters (in order), or undefined when
 * there is none; what cannot be used is reported through `ignore(param, reason)`.
 */
export function decodeGrouping(pairs: readonly (readonly [string, string])[], ignore: (param: string, reason: string) => void): Grouping | undefined {
  const grouping: Grouping = { keys: [], measure: 'count', top: DEFAULT_GROUP_TOP }
  for (const [name, value] of pairs) {
    if (name === 'group') {
      if (grouping.keys.length >= 2) ignore(name, 'At most two group fields; the rest were ignored.')
      else if (value !== '') grouping.keys.push(keyOf(value))
    } else if (name === 'measure') {
      const match = /^(sum|mean|min|max) (.+)$/s.exec(value)
      if (match) {
        grouping.measure = match[1] as GroupMeasure
        grouping.measureField = match[2]
      } else if (value !== 'count') ignore(name, 'Malformed: the measure is `count` or `sum|mean|min|max <field>`.')
    } else if (name === 'group_top') {
      if (/^\d{1,5}$/.test(value) && Number(value) <= MAX_TOP) grouping.top = Number(value)
      else ignore(name, `Malformed: group_top is a whole number up to ${formatCount(MAX_TOP)}.`)
    }
  }
  return grouping.keys.length > 0 ? grouping : undefined
}

function keyOf(text: string): GroupingKey {
  const match = /^(.+) by (year|month|day)$/s.exec(text)
  return match ? { field: match[1] as string, unit: match[2] as GroupUnit } : { field: text }
}

/** Equal groupings give equal text (for cache keys and comparisons). */
export function groupingText(grouping: Grouping): string {
  return JSON.stringify(encodeGrouping(grouping))
}
