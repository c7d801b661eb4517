// `resource_show`: the resource's name and description, for the header above the records.
import { queryOptions } from '@tanstack/react-query'
import { tokenTag } from './datastore-search.ts'
import { askAction, metadataKeys, textOf, type MetadataDeps, type ResourceTarget } from './resource-metadata.ts'

export interface ResourceSummary {
  name?: string
  description?: string
}

export async function fetchResourceSummary(target: ResourceTarget, deps: MetadataDeps, signal?: AbortSignal): Promise<ResourceSummary | null> {
  const result = await askAction(target, 'resource_show', deps, signal)
  if (result === null) return null
  // A resource without a title is often "named" by its id: that says nothing the id does not.
  const named = textOf(result.name)
  const name = named === target.resourceId.trim() ? undefined : named
  const description = textOf(result.description)
  if (name === undefined && description === undefined) return null
  return { ...(name === undefined ? {} : { name }), ...(description === undefined ? {} : { description }) }
}

export function resourceShowOptions(target: ResourceTarget, deps: MetadataDeps) {
  return queryOptions({
    queryKey: metadataKeys.of('resource_show', target, tokenTag(deps.token)),
    queryFn: ({ signal }) => fetchResourceSummary(target, deps, signal),
    retry: false,
    networkMode: 'always',
    staleTime: target.source === 'demo' ? Number.POSITIVE_INFINITY : 5 * 60_000,
  })
}
