// What the request panel shows for the form as it stands: the exact request Run query would send.
import { whenIdle } from '../features/idle/when-idle.ts'
import type { ShownRequest, WriteSnippet } from '../features/request-panel/RequestPanel.tsx'
import { draftToQuery, type FormDraft } from '../features/query-form/draft.ts'
import { normalizeQuery } from '../query/normalize.ts'
import { buildRequest, redactedRequest } from '../query/request-builder.ts'
import { demoServerNote, shareLink } from '../query/share-link.ts'
import type { SnippetLanguage } from '../query/snippets.ts'
import { hasErrors, validateQuery } from '../query/validate.ts'
import type { QueryState } from '../query/types.ts'
import { requestQuery, sortPlaceForRun } from './search-plan.ts'

/** Said beside a page that goes without its total. */
export const TOTAL_APART_NOTE = 'The records come first (include_total: false); the total follows in a second request with the same q and filters and limit: 0.'

type SnippetWriters = Pick<typeof import('../query/snippets.ts'), 'snippet' | 'demoSnippet'>

// The snippet writers are needed only when code is copied: they load on idle, apart from the page.
let writers: SnippetWriters | undefined
let loadingWriters: Promise<SnippetWriters> | undefined

export function loadSnippetWriters(): Promise<SnippetWriters> {
  loadingWriters ??= import('../query/snippets.ts').then(({ snippet, demoSnippet }) => (writers = { snippet, demoSnippet }))
  return loadingWriters
}

whenIdle(() => void loadSnippetWriters())

export interface RequestView {
  request: ShownRequest | null
  unavailable?: string
  /** Writes the code of a snippet of the same request; null when there is no request. */
  snippets: WriteSnippet | null
  link: string
  /** Demo mode: the copied code needs a live server, and how to start one. */
  note?: string
}

/**
 * `executed` decides, as Run query will, whether a grid sort is sent (see sortPlaceForRun);
 * `listsAccepted` (this live server takes `records_format: lists`), whether a big page asks for lists;
 * `withoutTotal` (counts may cost on this resource), whether the page goes alone (total-costs.ts).
 */
export function describeRequest(
  draft: FormDraft,
  executed: QueryState,
  token: string,
  revealToken: boolean,
  pageUrl: string,
  listsAccepted = false,
  withoutTotal = false,
): RequestView {
  const query = sortPlaceForRun(normalizeQuery(draftToQuery(draft)), executed)
  if (hasErrors(validateQuery(query))) {
    return { request: null, unavailable: 'Fix the marked fields to see the request.', snippets: null, link: '' }
  }
  const live = query.source === 'live'
  const spec = buildRequest(requestQuery(query), { token, listsAccepted: live && listsAccepted, withoutTotal: live && withoutTotal })
  const shown = revealToken ? spec : redactedRequest(spec)
  const code = ({ snippet, demoSnippet }: SnippetWriters, language: SnippetLanguage) =>
    query.source === 'demo' ? demoSnippet(language, snippet(language, spec, { revealToken }), query.sql !== undefined) : snippet(language, spec, { revealToken })
  // At once when the writers are here (the copy stays inside the click), else once they have loaded.
  const write = (language: SnippetLanguage) => (writers ? code(writers, language) : loadSnippetWriters().then((loaded) => code(loaded, language)))
  return {
    request: shown,
    snippets: write,
    ...(query.source === 'demo' ? { note: demoServerNote(query.sql !== undefined).join(' ') } : live && withoutTotal ? { note: TOTAL_APART_NOTE } : {}),
    link: shareLink(query, pageUrl),
  }
}
