// The form's own copy of the query. It holds exactly what the user typed (a limit of "abc" stays
// "abc"), so nothing is lost when a value is invalid; `draftToQuery` makes the typed query value.
import type { QueryState } from '../../query/types.ts'
import { parseLimitInput, type FieldMessages as QueryFieldMessages } from '../../query/validate.ts'

export type FormDraft = Omit<QueryState, 'limit'> & { limit: string }

export type FieldMessages = QueryFieldMessages

export function queryToDraft(query: QueryState): FormDraft {
  return { ...query, limit: query.limit === undefined ? '' : String(query.limit) }
}

/** The query the draft describes; an unreadable limit becomes NaN, which validation reports. */
export function draftToQuery(draft: FormDraft): QueryState {
  return { ...draft, limit: parseLimitInput(draft.limit) }
}
