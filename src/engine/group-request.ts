// Validation of a grouping request: its `q`, `full_text` and `filters` go through the very rules of
// `datastore_search` (params.ts); the keys, measure, order, top and sample are the grouping's own and
// are checked against the table's fields. Problems are collected per key, like a 409's.

import { isNumericType } from './cell-text.ts'
import { DATE_UNITS, MEASURES, type DateUnit, type GroupKey, type MeasureName } from './group-types.ts'
import { addError, checkFieldNames, isPlainObject, naturalNumber, shapeParams, type ShapedParams, type ValidationErrors } from './params.ts'
import type { FieldInfo } from './types.ts'

export const DEFAULT_GROUP_TOP = 20
const MAX_TOP = 10_000
const MAX_SAMPLE = 20_000

export interface ShapedGroupRequest {
  /** The `datastore_search` part: which records (q, full_text, filters). */
  search: ShapedParams
  keys: GroupKey[]
  measure: MeasureName
  measureField?: string
  order: 'measure' | 'key'
  /** 0: every group. */
  top: number
  sample?: { x: string; y: string; size: number }
}

/** Thrown by `groupTable` for a request it cannot answer; `errors` is keyed like a 409's. */
export class GroupRequestError extends Error {
  override readonly name = 'GroupRequestError'
  constructor(readonly errors: ValidationErrors) {
    super(Object.entries(errors).map(([key, messages]) => `${key}: ${messages.join(' ')}`).join('; '))
  }
}

function shapeKey(input: unknown, errors: ValidationErrors): GroupKey | undefined {
  if (typeof input === 'string' && input !== '') return { field: input }
  if (isPlainObject(input) && typeof input.field === 'string' && input.field !== '') {
    if (input.unit === undefined || input.unit === null) return { field: input.field }
    if (typeof input.unit === 'string' && (DATE_UNITS as readonly string[]).includes(input.unit)) return { field: input.field, unit: input.unit as DateUnit }
    addError(errors, 'group', `Unit must be one of ${DATE_UNITS.join(', ')}`)
    return undefined
  }
  addError(errors, 'group', 'Each key is a field name or {"field": name, "unit": "year"|"month"|"day"}')
  return undefined
}

/** Shapes the request (no table needed); `resource_id` is required only when `needsResource`. */
export function shapeGroupRequest(input: Record<string, unknown>, needsResource: boolean): { params: ShapedGroupRequest; errors: ValidationErrors } {
  const { group, measure, measure_field: measureField, order, top, sample, ...rest } = input
  const { params: search, errors } = shapeParams(needsResource ? rest : { resource_id: '-', ...rest })
  if (!needsResource) delete search.resourceId
  const params: ShapedGroupRequest = { search, keys: [], measure: 'count', order: 'measure', top: DEFAULT_GROUP_TOP }

  if (!Array.isArray(group) || group.length < 1 || group.length > 2) addError(errors, 'group', 'Give one or two keys')
  else for (const key of group) {
    const shaped = shapeKey(key, errors)
    if (shaped) params.keys.push(shaped)
  }
  if (measure !== undefined && measure !== null) {
    if (typeof measure === 'string' && (MEASURES as readonly string[]).includes(measure)) params.measure = measure as MeasureName
    else addError(errors, 'measure', `Must be one of ${MEASURES.join(', ')}`)
  }
  if (params.measure !== 'count') {
    if (typeof measureField === 'string' && measureField !== '') params.measureField = measureField
    else addError(errors, 'measure_field', 'Missing value')
  }
  if (order === 'measure' || order === 'key') params.order = order
  else if (order !== undefined && order !== null) addError(errors, 'order', 'Must be measure or key')
  else if (params.keys[0]?.unit !== undefined) params.order = 'key'
  const shapedTop = naturalNumber(top)
  if (typeof shapedTop === 'string') addError(errors, 'top', shapedTop)
  else if (shapedTop !== undefined) params.top = Math.min(shapedTop, MAX_TOP)
  if (sample !== undefined && sample !== null) {
    const size = isPlainObject(sample) ? naturalNumber(sample.size) : undefined
    if (!isPlainObject(sample) || typeof sample.x !== 'string' || typeof sample.y !== 'string' || typeof size !== 'number' || size === 0) {
      addError(errors, 'sample', 'Must be {"x": field, "y": field, "size": a positive integer}')
    } else params.sample = { x: sample.x, y: sample.y, size: Math.min(size, MAX_SAMPLE) }
  }
  return { params, errors }
}

/** The field names of the request checked against the table's fields. */
export function checkGroupFields(params: ShapedGroupRequest, fields: readonly FieldInfo[]): ValidationErrors {
  const errors = checkFieldNames(params.search, fields)
  const byId = new Map(fields.map((field) => [field.id, field]))
  for (const key of params.keys) {
    const field = byId.get(key.field)
    if (field === undefined) addError(errors, 'group', `Unknown field ${JSON.stringify(key.field)}`)
    else if (field.type === 'json') addError(errors, 'group', `A json field cannot be a key: ${JSON.stringify(key.field)}`)
    else if (key.unit !== undefined && field.type !== 'date' && field.type !== 'timestamp') {
      addError(errors, 'group', `Only a date or timestamp field is cut by ${key.unit}: ${JSON.stringify(key.field)}`)
    }
  }
  const numeric = (name: string, key: string) => {
    const field = byId.get(name)
    if (field === undefined) addError(errors, key, `Unknown field ${JSON.stringify(name)}`)
    else if (!isNumericType(field.type)) addError(errors, key, `Not a numeric field: ${JSON.stringify(name)}`)
  }
  if (params.measureField !== undefined) numeric(params.measureField, 'measure_field')
  if (params.sample) {
    numeric(params.sample.x, 'sample')
    numeric(params.sample.y, 'sample')
  }
  return errors
}
