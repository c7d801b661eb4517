// A message beside a field speaks of the value it was given for. Once the user edits that field,
// the message no longer describes what is in it and is hidden until the next run says otherwise.
import type { FormDraft } from '../features/query-form/draft.ts'
import type { FieldKey, FieldMessages } from '../query/validate.ts'

/** The draft field a message is about. Form fields are named as the query's; the token is not in the draft. */
function draftFieldOf(key: FieldKey): keyof FormDraft | undefined {
  return key === 'token' ? undefined : key
}

/** The messages whose field still holds the value they were given for (`judged` = the draft then). */
export function messagesStillTrue(messages: FieldMessages, judged: FormDraft, current: FormDraft): FieldMessages {
  const kept: FieldMessages = {}
  for (const [key, message] of Object.entries(messages) as [FieldKey, string | undefined][]) {
    if (message === undefined) continue
    const field = draftFieldOf(key)
    if (field === undefined || JSON.stringify(judged[field]) === JSON.stringify(current[field])) kept[key] = message
  }
  return kept
}
