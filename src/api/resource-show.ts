// `resource_show`: the resource's name and description, for the header above the records.
import { askAction, metadataOptions, textOf, type MetadataDeps, type ResourceTarget } from './resource-metadata.ts'

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
  return metadataOptions('resource_show', target, deps, (signal) => fetchResourceSummary(target, deps, signal))
}
