// A message beside a field speaks of the value it was given for. Once the user edits that field,
// the message no longer describes what is in it and is hidden until the next run says otherwise.
import type { FormDraft } from '../features/query-form/draft.ts'
import type { FieldKey, FieldMessages } from '../query/validate.ts'

const DRAFT_FIELD: Readonly<Record<FieldKey, keyof FormDraft | undefined>> = {
  baseUrl: 'baseUrl',
  resourceId: 'resourceId',
  token: undefined, // the token is not part of the draft; its message stays until the next run
  limit: 'limit',
  q: 'q',
  filters: 'filters',
  sort: 'sort',
  offset: 'offset',
  fields: 'fields',
}

/** The messages whose field still holds the value they were given for (`judged` = the draft then). */
export function messagesStillTrue(messages: FieldMessages, judged: FormDraft, current: FormDraft): FieldMessages {
  const kept: FieldMessages = {}
  for (const [key, message] of Object.entries(messages) as [FieldKey, string | undefined][]) {
    if (message === undefined) continue
    const field = DRAFT_FIELD[key]
    if (field === undefined || JSON.stringify(judged[field]) === JSON.stringify(current[field])) kept[key] = message
  }
  return kept
}
