// CKAN's catalog actions over the resources the catalog serves: `package_search`, `package_show`,
// `package_list` and `organization_list`, answered in CKAN 2.11's shapes (ckan/logic/action/get.py).
//
// Datasets: resources whose entries share a `dataset.id` form one dataset (a data package); a resource
// without one is a dataset of its own, named by its id. A private resource is listed only for a
// token that grants it (and, in `package_search`, only with `include_private`, as CKAN asks); a
// dataset whose resources are all private is private, and hidden without the token.
//
// `q` finds datasets holding every word (case-insensitive, anywhere in a word) in their title, name,
// notes, organization, resource names and descriptions, field names and field labels. The score
// counts the words' occurrences, those in the title three times.

import { datasetOf, type Catalog, type DatasetInfo, type ResourceEntry } from './catalog.ts'
import { isReadable, type SearchContext } from './datastore-search.ts'
import { accessDenied, success, validationError, type Outcome } from './envelope.ts'
import { guarded } from './actions.ts'
import { isPlainObject, type ValidationErrors } from './params.ts'

interface Dataset {
  info: DatasetInfo
  entries: ResourceEntry[]
}

function datasetsOf(catalog: Catalog): Dataset[] {
  const byId = new Map<string, Dataset>()
  for (const entry of catalog.entriesInOrder()) {
    const info = datasetOf(entry)
    const known = byId.get(info.id)
    if (known) known.entries.push(entry)
    else byId.set(info.id, { info, entries: [entry] })
  }
  return [...byId.values()]
}

/** The dataset with the resources this request may see, or undefined when it may see none. */
function visible(dataset: Dataset, context: SearchContext, includePrivate: boolean): Dataset | undefined {
  const entries = dataset.entries.filter((entry) => entry.isPrivate !== true || (includePrivate && isReadable(entry, context)))
  return entries.length === 0 ? undefined : { info: dataset.info, entries }
}

const CREATED = '2024-01-01T00:00:00'

function organizationDict(organization: NonNullable<DatasetInfo['organization']>, packageCount?: number): Record<string, unknown> {
  return {
    id: organization.name,
    name: organization.name,
    title: organization.title ?? organization.name,
    display_name: organization.title ?? organization.name,
    description: organization.description ?? '',
    type: 'organization',
    is_organization: true,
    state: 'active',
    approval_status: 'approved',
    image_url: '',
    created: CREATED,
    ...(packageCount === undefined ? {} : { package_count: packageCount }),
  }
}

/** A dataset as CKAN 2.11's `package_show` and `package_search` give it (the fields a client reads). */
function datasetDict(dataset: Dataset): Record<string, unknown> {
  const { info, entries } = dataset
  const served = entries.map((entry) => ({
    id: entry.id,
    name: entry.title ?? entry.id,
    description: entry.description ?? '',
    format: entry.format ?? '',
    url: entry.url ?? '',
    datastore_active: true,
    package_id: info.id,
    state: 'active',
  }))
  const others = (info.otherResources ?? []).map((other, index) => ({
    id: `${info.id}-${index + 1}`,
    name: other.name,
    description: other.description ?? '',
    format: other.format ?? '',
    url: other.url ?? '',
    datastore_active: false,
    package_id: info.id,
    state: 'active',
  }))
  const resources = [...served, ...others].map((resource, position) => ({ ...resource, position }))
  const modified = info.modified ?? CREATED
  return {
    id: info.id,
    name: info.name,
    title: info.title ?? info.name,
    notes: info.notes ?? '',
    type: 'dataset',
    state: 'active',
    private: entries.every((entry) => entry.isPrivate === true),
    license_id: info.license?.id ?? 'notspecified',
    license_title: info.license?.title ?? info.license?.id ?? 'License not specified',
    ...(info.license?.url === undefined ? {} : { license_url: info.license.url }),
    organization: info.organization ? organizationDict(info.organization) : null,
    owner_org: info.organization?.name ?? null,
    metadata_created: CREATED,
    metadata_modified: modified,
    num_resources: resources.length,
    num_tags: 0,
    tags: [],
    groups: [],
    extras: [],
    url: '',
    version: null,
    resources,
  }
}

/** Everything `q` looks in, lowercase, the title apart (it weighs more). */
async function searchTexts(dataset: Dataset, loaded: ReadonlyMap<string, readonly { id: string }[] | undefined>, context: SearchContext): Promise<{ title: string; rest: string }> {
  const { info, entries } = dataset
  const parts: string[] = [info.name, info.notes ?? '', info.organization?.title ?? '', info.organization?.name ?? '']
  for (const other of info.otherResources ?? []) parts.push(other.name, other.description ?? '')
  for (const entry of entries) {
    parts.push(entry.title ?? entry.id, entry.description ?? '')
    for (const [id, label] of Object.entries(entry.dictionary ?? {})) parts.push(id, label.label ?? '')
    const fields = context.store ? await context.store.columns(entry) : (loaded.get(entry.id) ?? [])
    for (const field of fields) parts.push(field.id)
  }
  return { title: (info.title ?? info.name).toLowerCase(), rest: parts.join('\n').toLowerCase() }
}

function occurrences(text: string, word: string): number {
  let count = 0
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + word.length)) count++
  return count
}

type SortKey = { field: 'score' | 'metadata_modified' | 'metadata_created' | 'title_string' | 'name'; descending: boolean }

const DEFAULT_SORT = 'score desc, metadata_modified desc'
const SORT_FIELDS = new Set(['score', 'metadata_modified', 'metadata_created', 'title_string', 'name'])

function parseSort(text: string): SortKey[] | undefined {
  const keys: SortKey[] = []
  for (const clause of text.split(',')) {
    const match = /^\s*([a-z_]+)\s+(asc|desc)\s*$/i.exec(clause)
    if (!match || !SORT_FIELDS.has(match[1] as string)) return undefined
    keys.push({ field: match[1] as SortKey['field'], descending: (match[2] as string).toLowerCase() === 'desc' })
  }
  return keys
}

/** CKAN's `asbool`. */
function asBool(value: unknown): boolean {
  if (typeof value === 'boolean') return value
  if (typeof value === 'number') return value !== 0
  return typeof value === 'string' && ['true', 'yes', 'on', 'y', 't', '1'].includes(value.trim().toLowerCase())
}

/** CKAN's `int_validator` then `natural_number_validator`: undefined when absent, else the number or the error. */
function naturalNumber(value: unknown): number | string | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isInteger(number)) return 'Invalid integer'
  return number < 0 ? 'Must be a natural number' : number
}

function readNumbers(input: Record<string, unknown>, names: readonly string[]): { values: Record<string, number | undefined>; errors: ValidationErrors } {
  const values: Record<string, number | undefined> = {}
  const errors: ValidationErrors = {}
  for (const name of names) {
    const read = naturalNumber(input[name])
    if (typeof read === 'string') errors[name] = [read]
    else values[name] = read
  }
  return { values, errors }
}

function searchQueryError(message: string): Outcome {
  return { status: 409, body: { success: false, error: { __type: 'Search Query Error', message: `Search Query is invalid: (${JSON.stringify(message)},)` } } }
}

function withHelp(help: string, outcome: Outcome): Outcome {
  return isPlainObject(outcome.body) ? { status: outcome.status, body: { help, ...outcome.body } } : outcome
}

/** The Solr parameters CKAN passes on; all but `q`, `rows`, `start` and `sort` change nothing here. */
const SEARCH_PARAMS = new Set(['q', 'rows', 'start', 'sort', 'fq', 'fq_list', 'fl', 'qf', 'bf', 'boost', 'tie', 'defType', 'mm', 'df', 'wt', 'facet', 'facet.mincount', 'facet.limit', 'facet.field', 'extras', 'include_private', 'include_drafts', 'include_deleted', 'use_default_schema'])
/** Those that would narrow or reshape the answer: refused rather than silently ignored. */
const UNSUPPORTED_PARAMS = ['fq', 'fq_list', 'fl']

/** `package_search`: `{count, results, sort, facets: {}, search_facets: {}}`. */
export function packageSearch(catalog: Catalog, input: unknown, context: SearchContext): Promise<Outcome> {
  return guarded(context, 'package_search', async (help) => {
    if (!isPlainObject(input)) return validationError(help, { __input: ['not a dictionary'] })
    const { values, errors } = readNumbers(input, ['rows', 'start'])
    if (Object.keys(errors).length > 0) return validationError(help, errors)
    const unknown = Object.keys(input).filter((key) => !SEARCH_PARAMS.has(key) && !key.startsWith('ext_'))
    if (unknown.length > 0) return withHelp(help, searchQueryError(`Invalid search parameters: [${unknown.map((key) => `'${key}'`).join(', ')}]`))
    const unsupported = UNSUPPORTED_PARAMS.filter((key) => input[key] !== undefined && input[key] !== '' && !(Array.isArray(input[key]) && input[key].length === 0))
    if (unsupported.length > 0) return withHelp(help, searchQueryError(`${unsupported.join(', ')}: not supported by this server; search with q`))
    const sortText = typeof input.sort === 'string' && input.sort.trim() !== '' && input.sort.trim() !== 'rank' ? input.sort : DEFAULT_SORT
    const sort = parseSort(sortText)
    if (!sort) return withHelp(help, searchQueryError('Invalid "sort" parameter'))
    const q = typeof input.q === 'string' ? input.q.trim() : ''
    const words = q === '' || q === '*:*' || q === '""' || q === "''" ? [] : q.toLowerCase().split(/\s+/)
    const rows = Math.min(values.rows ?? 10, 1000)
    const start = values.start ?? 0
    const includePrivate = asBool(input.include_private)

    const found: { dataset: Dataset; score: number; order: number }[] = []
    // the fields of the tables loaded so far (a table not loaded yet is not loaded for a search)
    const loaded = new Map(catalog.list().map((summary) => [summary.id, summary.fields]))
    for (const [order, all] of datasetsOf(catalog).entries()) {
      const dataset = visible(all, context, includePrivate)
      if (!dataset) continue
      const { title, rest } = await searchTexts(dataset, loaded, context)
      let score = 0
      let matched = true
      for (const word of words) {
        const hits = 3 * occurrences(title, word) + occurrences(rest, word)
        if (hits === 0) matched = false
        score += hits
      }
      if (matched) found.push({ dataset, score, order })
    }
    found.sort((a, b) => {
      for (const key of sort) {
        const difference = compareBy(key.field, a, b)
        if (difference !== 0) return key.descending ? -difference : difference
      }
      return a.order - b.order
    })
    return success(help, {
      count: found.length,
      facets: {},
      results: found.slice(start, start + rows).map(({ dataset }) => datasetDict(dataset)),
      sort: sortText,
      search_facets: {},
    })
  })
}

function compareBy(field: SortKey['field'], a: { dataset: Dataset; score: number }, b: { dataset: Dataset; score: number }): number {
  const text = (item: { dataset: Dataset }): string => {
    const { info } = item.dataset
    if (field === 'title_string') return (info.title ?? info.name).toLowerCase()
    if (field === 'name') return info.name
    if (field === 'metadata_modified') return info.modified ?? CREATED
    return CREATED
  }
  if (field === 'score') return a.score - b.score
  const [left, right] = [text(a), text(b)]
  return left < right ? -1 : left > right ? 1 : 0
}

/** `package_show`: one dataset by id or name. */
export function packageShow(catalog: Catalog, input: unknown, context: SearchContext): Promise<Outcome> {
  return guarded(context, 'package_show', async (help) => {
    if (!isPlainObject(input)) return validationError(help, { __input: ['not a dictionary'] })
    const raw = input.id ?? input.name_or_id
    const id = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : ''
    if (id === '') return validationError(help, { name_or_id: ['Missing value'] })
    const dataset = datasetsOf(catalog).find((candidate) => candidate.info.id === id || candidate.info.name === id)
    if (!dataset) return { status: 404, body: { help, success: false, error: { __type: 'Not Found Error', message: 'Not found' } } }
    const shown = visible(dataset, context, true)
    if (!shown) return accessDenied(help, `User not authorized to read package ${dataset.info.id}`)
    return success(help, datasetDict(shown))
  })
}

function page<T>(items: T[], input: Record<string, unknown>, help: string): Outcome {
  const { values, errors } = readNumbers(input, ['limit', 'offset'])
  if (Object.keys(errors).length > 0) return validationError(help, errors)
  const offset = values.offset ?? 0
  return success(help, values.limit ? items.slice(offset, offset + values.limit) : items.slice(offset))
}

/** `package_list`: the names of the public datasets, in name order. */
export function packageList(catalog: Catalog, input: unknown, context: SearchContext): Promise<Outcome> {
  return guarded(context, 'package_list', async (help) => {
    if (!isPlainObject(input)) return validationError(help, { __input: ['not a dictionary'] })
    const names = datasetsOf(catalog)
      .filter((dataset) => visible(dataset, context, false))
      .map((dataset) => dataset.info.name)
      .sort()
    return page(names, input, help)
  })
}

/** `organization_list`: the organizations of the datasets this request may see, by title; `all_fields` gives dicts. */
export function organizationList(catalog: Catalog, input: unknown, context: SearchContext): Promise<Outcome> {
  return guarded(context, 'organization_list', async (help) => {
    if (!isPlainObject(input)) return validationError(help, { __input: ['not a dictionary'] })
    const counts = new Map<string, { organization: NonNullable<DatasetInfo['organization']>; count: number }>()
    for (const dataset of datasetsOf(catalog)) {
      const organization = dataset.info.organization
      if (!organization || !visible(dataset, context, true)) continue
      const known = counts.get(organization.name) ?? { organization, count: 0 }
      if (visible(dataset, context, false)) known.count++
      counts.set(organization.name, known)
    }
    const sortText = typeof input.sort === 'string' && input.sort.trim() !== '' ? input.sort.trim() : 'title asc'
    const match = /^(name|title|package_count|packages)(?:\s+(asc|desc))?$/i.exec(sortText)
    if (!match) return validationError(help, { sort: ['Cannot sort by field `' + sortText.split(/\s+/)[0] + '`'] })
    const field = (match[1] as string).toLowerCase()
    const descending = (match[2] ?? (field === 'packages' || field === 'package_count' ? 'desc' : 'asc')).toLowerCase() === 'desc'
    const wanted = Array.isArray(input.organizations) ? new Set(input.organizations.map(String)) : undefined
    const all = [...counts.values()].filter(({ organization }) => !wanted || wanted.has(organization.name))
    all.sort((a, b) => {
      const difference =
        field === 'name' ? a.organization.name.localeCompare(b.organization.name)
        : field === 'title' ? (a.organization.title ?? a.organization.name).localeCompare(b.organization.title ?? b.organization.name)
        : a.count - b.count
      return descending ? -difference : difference
    })
    const items: unknown[] = asBool(input.all_fields) ? all.map(({ organization, count }) => organizationDict(organization, count)) : all.map(({ organization }) => organization.name)
    return page(items, input, help)
  })
}
