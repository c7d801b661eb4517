// What a resource says about itself beyond its records: its name (`resource_show`) and its data
// dictionary (`fields[].info`, from `datastore_search` and `datastore_info`). Both are extras: an
// answer that is absent, refused or unreadable gives `null`, never an error to show.
import { queryOptions } from '@tanstack/react-query'
import { buildActionRequest } from '../query/request-builder.ts'
import type { Source } from '../query/types.ts'
import { isJsonObject, parseBody, successResult, type JsonObject } from './body-text.ts'
import { tokenTag } from './datastore-search.ts'
import type { Transport } from './transport.ts'

export interface ResourceTarget {
  source: Source
  /** The base URL requests go to (the demo engine's own for demo resources). */
  baseUrl: string
  resourceId: string
}

export interface MetadataDeps {
  transports: { live: Transport; demo: Transport }
  /** Sent as `Authorization`; never part of a key. */
  token?: string
}

/** A field's label and description from CKAN's data dictionary. */
export interface FieldLabel {
  label?: string
  notes?: string
}

/**
 * A resource's metadata is a few KB (a data dictionary of a thousand fields, a few hundred); an answer
 * far bigger is not one, and parsing it would hold the page's thread for nothing.
 */
export const MAX_METADATA_CHARS = 2_000_000

/** The `result` of a successful action answer, or `null` for anything else. */
export async function askAction(target: ResourceTarget, action: string, deps: MetadataDeps, signal?: AbortSignal): Promise<JsonObject | null> {
  const spec = buildActionRequest(target.baseUrl, action, { id: target.resourceId }, { token: deps.token })
  const transport = target.source === 'demo' ? deps.transports.demo : deps.transports.live
  try {
    // Stopped once past the limit: a hostile or broken server's megabytes are not even read.
    const raw = await transport.send(spec, { signal, maxBytes: MAX_METADATA_CHARS })
    if (raw.status !== 200 || raw.bodyText.length > MAX_METADATA_CHARS) return null
    const body = parseBody(raw.bodyText)
    return (body.kind === 'json' ? successResult(raw.status, body.value) : undefined) ?? null
  } catch (error) {
    // A cancelled request must fail (so nothing is cached); a refused or failed one is just absent.
    if (signal?.aborted) throw error
    return null
  }
}

/** Trimmed text, or `undefined` for anything else or nothing. */
export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/** `info.label` and `info.notes` when they hold text; `undefined` when neither does. */
export function fieldLabelOf(info: unknown): FieldLabel | undefined {
  if (!isJsonObject(info)) return undefined
  const label = textOf(info.label)
  const notes = textOf(info.notes)
  if (label === undefined && notes === undefined) return undefined
  return { ...(label === undefined ? {} : { label }), ...(notes === undefined ? {} : { notes }) }
}

/** The labels of fields that have one, by field id (`fields` as `datastore_search` and `datastore_info` send it). */
export function labelsOfFields(fields: unknown): Record<string, FieldLabel> {
  const labels: Record<string, FieldLabel> = {}
  if (!Array.isArray(fields)) return labels
  for (const field of fields) {
    if (!isJsonObject(field) || typeof field.id !== 'string' || field.id === '_id') continue
    const label = fieldLabelOf(field.info)
    if (label && !Object.hasOwn(labels, field.id)) Object.defineProperty(labels, field.id, { value: label, enumerable: true })
  }
  return labels
}

export const metadataKeys = {
  all: ['datastore', 'metadata'] as const,
  of: (action: string, target: ResourceTarget, tag: string) =>
    [...metadataKeys.all, action, { source: target.source, baseUrl: target.baseUrl, resourceId: target.resourceId.trim() }, { token: tag }] as const,
}

/**
 * The query options of one action's answer (read by `read`): asked once, never retried; a demo
 * resource never changes, a live one is asked again after five minutes.
 */
export function metadataOptions<T>(action: string, target: ResourceTarget, deps: MetadataDeps, read: (signal: AbortSignal) => Promise<T | null>) {
  return queryOptions({
    queryKey: metadataKeys.of(action, target, tokenTag(deps.token)),
    queryFn: ({ signal }) => read(signal),
    retry: false,
    networkMode: 'always',
    staleTime: target.source === 'demo' ? Number.POSITIVE_INFINITY : 5 * 60_000,
  })
}

/**
 * The fields with their label and description attached, for the grid and the record panel; the
 * very same list when no field has one, so a grid of many columns is not laid out again for nothing.
 */
export function withLabels<F extends { id: string }>(fields: readonly F[], labels: ReadonlyMap<string, FieldLabel>): readonly (F & FieldLabel)[] {
  if (!fields.some((field) => labels.has(field.id))) return fields as readonly (F & FieldLabel)[]
  return fields.map((field) => {
    const label = labels.get(field.id)
    return label ? { ...field, ...label } : field
  })
}
