// CKAN's pseudo-resource `_table_metadata`: one record per resource the caller may read,
// `{_id, name: <resource id>, alias_of: null}`, searchable like any resource (it is a table of its
// own, built per request from the catalog's list; CKAN skips the access check on it).

import type { ResourceEntry, ResourceSummary } from './catalog.ts'
import { TableBuilder } from './table.ts'

export const TABLE_METADATA = '_table_metadata'

export function isTableMetadata(id: string): boolean {
  return id === TABLE_METADATA
}

export function tableMetadataEntry(readable: readonly ResourceSummary[]): ResourceEntry {
  return {
    id: TABLE_METADATA,
    load: () => {
      const builder = new TableBuilder([
        { id: 'name', type: 'text' },
        { id: 'alias_of', type: 'text' },
      ])
      for (const resource of readable) builder.append({ name: resource.id, alias_of: null })
      return builder.build()
    },
  }
}
