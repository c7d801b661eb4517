// `datastore_info`: the data dictionary of every field, also those the current answer leaves out.
import { queryOptions } from '@tanstack/react-query'
import { tokenTag } from './datastore-search.ts'
import { askAction, labelsOfFields, metadataKeys, type FieldLabel, type MetadataDeps, type ResourceTarget } from './resource-metadata.ts'

export async function fetchFieldLabels(target: ResourceTarget, deps: MetadataDeps, signal?: AbortSignal): Promise<Record<string, FieldLabel> | null> {
  const result = await askAction(target, 'datastore_info', deps, signal)
  return result === null ? null : labelsOfFields(result.fields)
}

export function datastoreInfoOptions(target: ResourceTarget, deps: MetadataDeps) {
  return queryOptions({
    queryKey: metadataKeys.of('datastore_info', target, tokenTag(deps.token)),
    queryFn: ({ signal }) => fetchFieldLabels(target, deps, signal),
    retry: false,
    networkMode: 'always',
    staleTime: target.source === 'demo' ? Number.POSITIVE_INFINITY : 5 * 60_000,
  })
}
