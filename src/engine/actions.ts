// The other CKAN actions the reference server answers beside `datastore_search`, with the same
// envelope and auth: `datastore_info` (the resource's columns and record count) and `resource_show`
// (its catalog entry). Both take `id` (`datastore_info` also `resource_id`), like CKAN 2.11.

import { datasetOf, type Catalog, type ResourceEntry } from './catalog.ts'
import { isReadable, outputFields, storeFailure, type SearchContext } from './datastore-search.ts'
import { accessDenied, notADictionary, notFound, success, validationError, type Outcome } from './envelope.ts'
import { helpUrl } from './links.ts'
import { catalogStore } from './memory-store.ts'
import { isPlainObject } from './params.ts'

export type ActionContext = SearchContext

function idOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value
  if (typeof value === 'number') return String(value)
  return undefined
}

type Lookup = { entry: ResourceEntry } | Outcome

/** The readable resource named by `key` (or `resource_id`), or the error to answer with. */
export function lookUp(catalog: Catalog, input: unknown, keys: readonly string[], context: ActionContext, help: string, missing: (id: string) => string): Lookup {
  if (!isPlainObject(input)) {
    return notADictionary(input)
  }
  const key = keys.find((name) => input[name] !== undefined && input[name] !== null && input[name] !== '') ?? keys[0]!
  const id = idOf(input[key])
  if (id === undefined) return validationError(help, { [key]: ['Missing value'] })
  const entry = catalog.resolve(id)
  if (!entry) return notFound(help, missing(id))
  if (!isReadable(entry, context)) return accessDenied(help, `User not authorized to read resource ${entry.id}`)
  return { entry }
}

export async function guarded(context: ActionContext, action: string, run: (help: string) => Promise<Outcome>): Promise<Outcome> {
  const path = context.requestPath ?? `/api/3/action/${action}`
  const help = helpUrl(context.origin ?? '', path.endsWith(`/${action}`) ? path : `/api/3/action/${action}`)
  try {
    return await run(help)
  } catch (error) {
    return storeFailure(help, error)
  }
}

/** `datastore_info`: `{meta: {id, count, aliases, table_type}, fields: [{id, type, info?}]}`, without `_id`. */
export function datastoreInfo(catalog: Catalog, input: unknown, context: ActionContext): Promise<Outcome> {
  return guarded(context, 'datastore_info', async (help) => {
    const found = lookUp(catalog, input, ['resource_id', 'id'], context, help, (id) => `Resource/Alias "${id}" was not found.`)
    if ('status' in found) return found
    const { entry } = found
    const store = context.store ?? catalogStore(catalog)
    const columns = await store.columns(entry)
    const { total } = await store.search(entry, {
      resourceId: entry.id,
      fields: [],
      fieldTexts: [],
      filters: [],
      sort: [],
      offset: 0,
      limit: 0,
      includeTotal: true,
      distinct: false,
    })
    const fields = outputFields(entry, { fields: columns.map((column) => column.id) }, columns)
    return success(help, {
      meta: { id: entry.id, count: total ?? 0, aliases: [...(entry.aliases ?? [])], table_type: 'BASE TABLE' },
      fields: fields.map(({ id, type, info }) => (info ? { id, type, info } : { id, type })),
    })
  })
}

/** `resource_show`: the catalog entry as CKAN describes a DataStore resource. */
export function resourceShow(catalog: Catalog, input: unknown, context: ActionContext): Promise<Outcome> {
  return guarded(context, 'resource_show', async (help) => {
    const found = lookUp(catalog, input, ['id'], context, help, () => 'Resource was not found.')
    if ('status' in found) return found
    const { entry } = found
    return success(help, {
      id: entry.id,
      name: entry.title ?? entry.id,
      description: entry.description ?? '',
      format: entry.format ?? '',
      datastore_active: true,
      package_id: datasetOf(entry).id,
      url: entry.url ?? '',
    })
  })
}
