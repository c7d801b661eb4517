// What the request panel shows for the form as it stands: the exact request Run query would send.
import type { ShownRequest, Snippets } from '../features/request-panel/RequestPanel.tsx'
import { draftToQuery, type FormDraft } from '../features/query-form/draft.ts'
import { normalizeQuery } from '../query/normalize.ts'
import { buildRequest, redactedRequest } from '../query/request-builder.ts'
import { DEMO_SERVER_NOTE, demoSnippet, shareLink, snippet, type SnippetLanguage } from '../query/snippets.ts'
import { hasErrors, validateQuery } from '../query/validate.ts'
import type { QueryState } from '../query/types.ts'
import { requestQuery, sortPlaceForRun } from './search-plan.ts'

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
 * `listsAccepted` (this live server takes `records_format: lists`), whether a big page asks for lists.
 */
export function describeRequest(draft: FormDraft, executed: QueryState, token: string, revealToken: boolean, pageUrl: string, listsAccepted = false): RequestView {
  const query = sortPlaceForRun(normalizeQuery(draftToQuery(draft)), executed)
  if (hasErrors(validateQuery(query))) {
    return { request: null, unavailable: 'Fix the marked fields to see the request.', snippets: NO_SNIPPETS, link: '' }
  }
  const spec = buildRequest(requestQuery(query), { token, listsAccepted: query.source === 'live' && listsAccepted })
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
    ...(query.source === 'demo' ? { note: DEMO_SERVER_NOTE.join(' ') } : {}),
    link: shareLink(query, pageUrl),
  }
}
