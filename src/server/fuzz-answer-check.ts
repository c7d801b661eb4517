// What every answer of the reference server must look like, whatever was sent (spec/api.md): an
// allowed status, the CORS header, and a body that agrees with the status: CKAN's envelope, or a
// bare JSON string for 400. Returns the problems found, empty when the answer is well-formed.

export interface FuzzAnswer {
  status: number
  headers: Readonly<Record<string, string | string[] | undefined>>
  body: string
}

export interface AnswerContext {
  /** The request method as sent. */
  method: string
  /** The path as sent (the action is its last segment); datastore_search when absent. */
  path?: string
  /** The Authorization header as sent, if any. */
  authorization?: string
  /** The X-CKAN-API-Key header as sent, if any (read like Authorization). */
  apiKey?: string
  token: string
  privateId: string
  /**
   * A resource's numeric fields and the texts their cells were loaded with: csv/tsv records must
   * write each numeric cell as one of them (with its scale: `0.50`, not `0.5`), or empty for NULL.
   */
  loadedNumbers?: { resourceId: string; texts: Readonly<Record<string, ReadonlySet<string>>> }
}

export const ALLOWED_STATUSES: ReadonlySet<number> = new Set([200, 400, 403, 404, 405, 409, 413])

const ERROR_TYPES: Readonly<Record<number, string>> = {
  403: 'Authorization Error',
  404: 'Not Found Error',
  405: 'Method Not Allowed',
  409: 'Validation Error',
  413: 'Request Too Large',
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function answerProblems(answer: FuzzAnswer, context: AnswerContext): string[] {
  const problems: string[] = []
  if (answer.headers['access-control-allow-origin'] !== '*') problems.push('no "Access-Control-Allow-Origin: *" header')
  if (answer.body.includes(context.token)) problems.push('the body contains the token')

  if (answer.status === 204) {
    if (context.method !== 'OPTIONS') problems.push(`204 for ${context.method}; only the OPTIONS preflight answers 204`)
    if (!String(answer.headers['access-control-allow-methods'] ?? '').includes('POST')) problems.push('a preflight answer without Access-Control-Allow-Methods')
    if (answer.body !== '') problems.push('a 204 answer with a body')
    return problems
  }
  if (!ALLOWED_STATUSES.has(answer.status)) {
    problems.push(`status ${answer.status} is not one spec/api.md allows`)
    return problems
  }
  if (context.method === 'HEAD') return problems // Node sends no body for HEAD.
  if (!String(answer.headers['content-type'] ?? '').startsWith('application/json')) problems.push(`content-type ${String(answer.headers['content-type'])}`)

  let body: unknown
  try {
    body = JSON.parse(answer.body)
  } catch {
    problems.push('the body is not JSON')
    return problems
  }
  if (answer.status === 400) {
    if (typeof body !== 'string' || !body.startsWith('Bad request - ')) problems.push('a 400 whose body is not CKAN\'s bare "Bad request - ..." string')
    return problems
  }
  if (!isObject(body)) return [...problems, 'the body is not an envelope object']
  if (typeof body.help !== 'string') problems.push('the envelope has no help URL')
  if (typeof body.success !== 'boolean') return [...problems, 'the envelope has no boolean success']
  if (body.success !== (answer.status === 200)) problems.push(`success ${String(body.success)} with status ${answer.status}`)
  if (answer.status === 200) return [...problems, ...resultProblems(body.result, context)]
  return [...problems, ...errorProblems(body.error, answer.status)]
}

function actionOf(path: string | undefined): string {
  return path?.split('?')[0]?.split('/').at(-1) ?? 'datastore_search'
}

function resultProblems(result: unknown, context: AnswerContext): string[] {
  if (!isObject(result)) return ['a 200 envelope without a result object']
  // HTTP drops the spaces and tabs around a header value, so " token" is the token.
  const sent = [context.authorization, context.apiKey].map((value) => value?.replace(/^[ \t]+|[ \t]+$/g, ''))
  const granted = sent.includes(context.token)
  const action = actionOf(context.path)
  // the catalog's actions (package_show, package_search, ...): their shapes are package-actions.test.ts's; here, no private resource without the token
  if (action.startsWith('package_') || action === 'organization_list') {
    return !granted && JSON.stringify(result).includes(context.privateId) ? [`${action} shows the private resource without its token`] : []
  }
  if (action === 'resource_show') {
    const problems = result.id === context.privateId && !granted ? ['the private resource answered without its token'] : []
    if (typeof result.id !== 'string' || typeof result.name !== 'string' || result.datastore_active !== true) problems.push('resource_show without id, name or datastore_active')
    return problems
  }
  if (action === 'datastore_info') {
    const meta = result.meta
    if (!isObject(meta) || typeof meta.count !== 'number' || !Array.isArray(result.fields)) return ['datastore_info without meta.count or fields']
    const problems = meta.id === context.privateId && !granted ? ['the private resource answered without its token'] : []
    if (result.fields.some((field) => !isObject(field) || field.id === '_id')) problems.push('datastore_info lists _id or a field that is not an object')
    return problems
  }
  const problems = recordsProblems(result)
  const loadedNumbers = context.loadedNumbers
  if (problems.length === 0 && loadedNumbers !== undefined && loadedNumbers.resourceId === result.resource_id) problems.push(...numberTextProblems(result, loadedNumbers.texts))
  if (!Array.isArray(result.fields)) problems.push('result.fields is not an array')
  if (result.resource_id === context.privateId && !granted) problems.push('the private resource answered without its token')
  if (result.resource_id === '_table_metadata' && !granted && JSON.stringify(result.records).includes(context.privateId)) {
    problems.push('_table_metadata lists the private resource without its token')
  }
  return problems
}

/** records in the shape records_format asks for, no more of them than the limit. */
function recordsProblems(result: Record<string, unknown>): string[] {
  const { records, limit } = result
  const format = result.records_format
  let count: number
  if (format === 'csv' || format === 'tsv') {
    if (typeof records !== 'string') return [`result.records is not a string for records_format ${format}`]
    if (records !== '' && !records.endsWith('\n')) return [`${format} records do not end with a line break`]
    count = 0 // quoted values may hold line breaks: the count is not checked here
  } else if (format === 'lists' || format === 'objects') {
    if (!Array.isArray(records)) return ['result.records is not an array']
    const fieldCount = Array.isArray(result.fields) ? result.fields.length : -1
    if (format === 'objects' && !records.every(isObject)) return ['a record is not an object']
    if (format === 'lists' && !records.every((record) => Array.isArray(record) && record.length === fieldCount)) return ['a list record does not match result.fields']
    count = records.length
  } else return [`result.records_format ${JSON.stringify(format)} is not one of objects, lists, csv, tsv`]
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > 32000) return [`result.limit ${String(limit)} is not 0..32000`]
  if (count > limit) return [`${count} records for limit ${limit}`]
  return []
}

/** csv/tsv numeric cells not written as the file wrote them. */
function numberTextProblems(result: Record<string, unknown>, texts: Readonly<Record<string, ReadonlySet<string>>>): string[] {
  const format = result.records_format
  if ((format !== 'csv' && format !== 'tsv') || typeof result.records !== 'string' || !Array.isArray(result.fields)) return []
  const ids = result.fields.map((field) => (isObject(field) ? field.id : undefined))
  const problems: string[] = []
  for (const row of copyRows(result.records, format === 'csv' ? ',' : '\t')) {
    row.forEach((cell, column) => {
      const loaded = typeof ids[column] === 'string' && Object.hasOwn(texts, ids[column]) ? texts[ids[column]] : undefined
      if (loaded !== undefined && cell !== '' && !loaded.has(cell)) problems.push(`${format} writes ${JSON.stringify(cell)} for field ${String(ids[column])}, a number loaded as none of its texts`)
    })
  }
  return problems.slice(0, 3)
}

/** The rows of PostgreSQL `COPY ... csv` text: quoted cells may hold the delimiter, `""` and line breaks. */
export function copyRows(text: string, delimiter: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let at = 0; at < text.length; at++) {
    const character = text[at] as string
    if (quoted) {
      if (character !== '"') cell += character
      else if (text[at + 1] === '"') {
        cell += '"'
        at++
      } else quoted = false
    } else if (character === '"') quoted = true
    else if (character === delimiter) {
      row.push(cell)
      cell = ''
    } else if (character === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
    } else cell += character
  }
  return rows
}

function errorProblems(error: unknown, status: number): string[] {
  if (!isObject(error)) return ['an error envelope without an error object']
  const expectedType = ERROR_TYPES[status]
  if (error.__type !== expectedType) return [`status ${status} with error.__type ${JSON.stringify(error.__type)}, expected "${expectedType}"`]
  if (status !== 409) return typeof error.message === 'string' && error.message !== '' ? [] : ['an error without a message']
  const fieldErrors = Object.entries(error).filter(([key]) => key !== '__type')
  if (fieldErrors.length === 0) return ['a Validation Error that names no field']
  return fieldErrors
    .filter(([, messages]) => !Array.isArray(messages) || messages.length === 0 || !messages.every((message) => typeof message === 'string' && message !== ''))
    .map(([key]) => `error.${key} is not a list of messages`)
}
