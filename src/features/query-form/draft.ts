// The form's own copy of the query. It holds exactly what the user typed (a limit of "abc" stays
// "abc"), so nothing is lost when a value is invalid; `draftToQuery` makes the typed query value.
import type { QueryState } from '../../query/types.ts'

export type FormDraft = Omit<QueryState, 'limit'> & { limit: string }

/** Form controls that can carry a message. */
export type FormField = 'baseUrl' | 'resourceId' | 'limit' | 'q' | 'filters' | 'token'
export type FieldMessages = Partial<Record<FormField, string>>

export const MAX_LIMIT = 32000

export function queryToDraft(query: QueryState): FormDraft {
  return { ...query, limit: query.limit === undefined ? '' : String(query.limit) }
}

export type LimitParse = { ok: true; limit: number | undefined } | { ok: false; message: string }

export function parseLimit(text: string): LimitParse {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: true, limit: undefined }
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return { ok: false, message: 'Limit must be a whole number, like 5 or 100.' }
  const value = Number(trimmed)
  if (value < 0) return { ok: false, message: 'Limit cannot be negative: use 0 or more.' }
  if (!Number.isInteger(value)) return { ok: false, message: 'Limit must be a whole number, like 5 or 100.' }
  return { ok: true, limit: value }
}

export function draftToQuery(draft: FormDraft): { query: QueryState; errors: FieldMessages } {
  const parsed = parseLimit(draft.limit)
  const query: QueryState = { ...draft, limit: parsed.ok ? parsed.limit : undefined }
  return { query, errors: parsed.ok ? {} : { limit: parsed.message } }
}
