// A message beside a field speaks of the value it was given for. Once the user edits that field,
// the message no longer describes what is in it and is hidden until the next run says otherwise.
import type { FormDraft } from '../features/query-form/draft.ts'
import type { AlertContent } from '../features/status/ErrorAlert.tsx'
import type { FieldKey, FieldMessages } from '../query/validate.ts'
import type { SearchFailure } from './search-types.ts'

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

/** Warnings that only guess ("not a UUID", an unusual field name): the server's answer settles them. */
const GUESSES: readonly FieldKey[] = ['resourceId', 'filters']

/**
 * The form's warnings without the guesses the server has just proved wrong: a resource id or filter
 * fields it answered for (`accepted`, judged on the executed draft) and that the form still holds.
 */
export function warningsStillOpen(warnings: FieldMessages, accepted: FormDraft | undefined, current: FormDraft): FieldMessages {
  if (accepted === undefined || accepted.source !== current.source || accepted.baseUrl.trim() !== current.baseUrl.trim()) return warnings
  const open: FieldMessages = { ...warnings }
  for (const key of GUESSES) {
    const field = draftFieldOf(key)
    if (field !== undefined && JSON.stringify(accepted[field]) === JSON.stringify(current[field])) delete open[key]
  }
  return open
}

/** The parts of the query the form does not show, and the control that changes each (the view). */
const VIEW_CONTROLS: Partial<Record<FieldKey, string>> = {
  fields: 'Columns',
  sort: 'the sort (the column headers)',
  offset: 'the page (Previous/Next page)',
}

/**
 * What the alert says about a failure. When the server's messages name a part of the view that no
 * form field shows (columns, sort, page), the hint names the control to change instead of pointing at
 * the form, and `resetsView` says that resetting the view is the way out.
 */
export function failureAlert(answered: SearchFailure, source: 'demo' | 'live' = 'live'): AlertContent & { resetsView: boolean } {
  // In demo mode no server answered: the demo engine in this page did.
  const failure = source === 'demo' ? { ...answered, title: answered.title.replace(/^The server\b/, 'The demo engine') } : answered
  const controls = (Object.keys(failure.fieldErrors) as FieldKey[]).flatMap((key) => VIEW_CONTROLS[key] ?? [])
  if (controls.length === 0) return { ...failure, resetsView: false }
  const named = controls.length === 1 ? controls[0] : `${controls.slice(0, -1).join(', ')} or ${controls.at(-1)}`
  return {
    ...failure,
    hint: `The view asks for something this resource does not have: change ${named}, or reset the view (all columns, unsorted, first page).`,
    resetsView: true,
  }
}
