import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { datastoreInfoOptions } from '../api/datastore-info.ts'
import { labelsOfFields, type FieldLabel } from '../api/resource-metadata.ts'
import { resourceShowOptions, type ResourceSummary } from '../api/resource-show.ts'
import { effectiveBaseUrl } from '../query/request-builder.ts'
import type { QueryState } from '../query/types.ts'
import type { SearchView } from './use-search.ts'
import { transports } from './transports.ts'

export interface ResourceMetadata {
  summary?: ResourceSummary
  /** Field labels by id: the answer's own data dictionary first, then `datastore_info`'s. */
  labels: ReadonlyMap<string, FieldLabel>
}

/**
 * The executed resource's name and field labels, asked once the resource has answered a search (a
 * base URL that answers nothing is not asked again). Absent or refused: no summary, no labels.
 */
export function useResourceMetadata(executed: QueryState, search: SearchView, token: string): ResourceMetadata {
  const target = { source: executed.source, baseUrl: effectiveBaseUrl(executed), resourceId: executed.resourceId.trim() }
  const deps = { transports, token }
  const enabled = search.data !== undefined && !search.isPrevious
  const summary = useQuery({ ...resourceShowOptions(target, deps), enabled })
  const info = useQuery({ ...datastoreInfoOptions(target, deps), enabled })
  const fields = search.data?.fields
  const labels = useMemo(() => new Map([...Object.entries(info.data ?? {}), ...Object.entries(labelsOfFields(fields))]), [info.data, fields])
  return { summary: summary.data ?? undefined, labels }
}
