// `datastore_info`: the data dictionary of every field, also those the current answer leaves out.
import { askAction, labelsOfFields, metadataOptions, type FieldLabel, type MetadataDeps, type ResourceTarget } from './resource-metadata.ts'

export async function fetchFieldLabels(target: ResourceTarget, deps: MetadataDeps, signal?: AbortSignal): Promise<Record<string, FieldLabel> | null> {
  const result = await askAction(target, 'datastore_info', deps, signal)
  return result === null ? null : labelsOfFields(result.fields)
}

export function datastoreInfoOptions(target: ResourceTarget, deps: MetadataDeps) {
  return metadataOptions('datastore_info', target, deps, (signal) => fetchFieldLabels(target, deps, signal))
}
