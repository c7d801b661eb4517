// What the request panel shows for the form as it stands: the exact request Run query would send.
import type { ShownRequest, Snippets } from '../features/request-panel/RequestPanel.tsx'
import { draftToQuery, type FormDraft } from '../features/query-form/draft.ts'
import { normalizeQuery } from '../query/normalize.ts'
import { buildRequest, redactedRequest } from '../query/request-builder.ts'
import { DEMO_SERVER_NOTE, demoSnippet, shareLink, snippet, type SnippetLanguage } from '../query/snippets.ts'
import { hasErrors, validateQuery } from '../query/validate.ts'
import type { QueryState } from '../query/types.ts'
import { requestQuery, sortPlaceForRun } from './search-plan.ts'

/** Said beside a page that goes without its total. */
export const TOTAL_APART_NOTE = 'The records come first (include_total: false); the total follows in a second request with the same q and filters and limit: 0.'

const NO_SNIPPETS: Snippets = { curl: '', fetch: '', python: '', r: '' }

export interface RequestView {
  request: ShownRequest | null
  unavailable?: string
  snippets: Snippets
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
    return { request: null, unavailable: 'Fix the marked fields to see the request.', snippets: NO_SNIPPETS, link: '' }
  }
  const live = query.source === 'live'
  const spec = buildRequest(requestQuery(query), { token, listsAccepted: live && listsAccepted, withoutTotal: live && withoutTotal })
  const shown = revealToken ? spec : redactedRequest(spec)
  const code = (language: SnippetLanguage) => (query.source === 'demo' ? demoSnippet(language, snippet(language, spec, { revealToken })) : snippet(language, spec, { revealToken }))
  return {
    request: shown,
    snippets: {
      curl: code('curl'),
      fetch: code('fetch'),
      python: code('python'),
      r: code('r'),
    },
    ...(query.source === 'demo' ? { note: DEMO_SERVER_NOTE.join(' ') } : live && withoutTotal ? { note: TOTAL_APART_NOTE } : {}),
    link: shareLink(query, pageUrl),
  }
}
