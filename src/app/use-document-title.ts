import { useEffect } from 'react'
import type { ResourceChoice } from '../features/query-form/ResourceIdField.tsx'
import { visibleText } from '../features/safe-text/visible-text.ts'
import type { QueryState } from '../query/types.ts'

const PRODUCT = 'Datastore Explorer'

/** "“bio” in Courses · Datastore Explorer": history entries and tabs say which query they hold. */
export function pageTitle(query: QueryState, resources: readonly ResourceChoice[]): string {
  const id = query.resourceId.trim()
  if (id === '') return PRODUCT
  const known = query.source === 'demo' ? resources.find((resource) => resource.id === id) : undefined
  const name = known?.title ?? (id.length > 40 ? `${id.slice(0, 39)}…` : id)
  const search = query.q.trim() === '' ? '' : `“${query.q.trim().slice(0, 40)}” in `
  // A tab title cannot isolate text: controls from a link are shown instead of obeyed.
  return visibleText(`${search}${name} · ${PRODUCT}`)
}

export function useDocumentTitle(query: QueryState, resources: readonly ResourceChoice[]): void {
  const title = pageTitle(query, resources)
  useEffect(() => {
    document.title = title
  }, [title])
}
