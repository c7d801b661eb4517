import { describe, expect, it } from 'vitest'
import { queryToDraft } from '../features/query-form/draft.ts'
import { DEFAULT_QUERY } from '../query/defaults.ts'
import { failureAlert, messagesStillTrue, warningsStillOpen } from './field-errors.ts'

const judged = { ...queryToDraft(DEFAULT_QUERY), limit: '-1', q: 'grain' }

describe('messagesStillTrue', () => {
  it('keeps a message while its field still holds the value it was given for', () => {
    expect(messagesStillTrue({ limit: 'Must be a natural number' }, judged, { ...judged })).toEqual({ limit: 'Must be a natural number' })
  })

  it('drops the message of an edited field and keeps the others', () => {
    const current = { ...judged, limit: '5' }
    expect(messagesStillTrue({ limit: 'Must be a natural number', q: 'Bad q' }, judged, current)).toEqual({ q: 'Bad q' })
  })

  it('compares list fields by content (a filter edit drops the filters message)', () => {
    const withFilter = { ...judged, filters: [{ field: 'stage', values: ['active'] }] }
    expect(messagesStillTrue({ filters: 'Unknown field' }, withFilter, { ...withFilter, filters: [{ field: 'stage', values: ['active'] }] })).toEqual({ filters: 'Unknown field' })
    expect(messagesStillTrue({ filters: 'Unknown field' }, withFilter, { ...withFilter, filters: [] })).toEqual({})
  })

  it('keeps token messages, which the draft does not hold', () => {
    expect(messagesStillTrue({ token: 'Cannot be sent' }, judged, { ...judged, q: 'other' })).toEqual({ token: 'Cannot be sent' })
  })
})

describe('failureAlert', () => {
  const failure = { title: 'The server rejected the query (409)', message: 'fields: Unknown field nope', hint: 'Correct the fields marked in the form and run the query again.' }

  it('names the view control to change when the server faults a part of the view the form does not show', () => {
    const alert = failureAlert({ ...failure, fieldErrors: { fields: 'Unknown field nope' } })
    expect(alert.hint).toMatch(/change Columns, or reset the view/)
    expect(alert.resetsView).toBe(true)
    expect(failureAlert({ ...failure, fieldErrors: { fields: 'x', sort: 'y' } }).hint).toMatch(/change Columns or the sort \(the column headers\)/)
  })

  it('names the demo engine, not a server, when the demo answered', () => {
    expect(failureAlert({ ...failure, fieldErrors: {} }, 'demo').title).toBe('The demo engine rejected the query (409)')
    expect(failureAlert({ ...failure, fieldErrors: {} }, 'live').title).toBe('The server rejected the query (409)')
  })

  it('keeps the server’s hint when the messages sit beside form fields', () => {
    const alert = failureAlert({ ...failure, fieldErrors: { limit: 'Must be a natural number' } })
    expect(alert).toMatchObject({ hint: failure.hint, resetsView: false })
  })
})

describe('warningsStillOpen', () => {
  const live = queryToDraft({ ...DEFAULT_QUERY, source: 'live', baseUrl: 'http://x/data', resourceId: 'courses', filters: [{ field: 'a b', values: ['1'] }] })
  const guesses = { resourceId: 'This is not a UUID.', filters: 'contains spaces', limit: 'big' }

  it('drops the guesses the server answered for, while the form still holds what it answered', () => {
    expect(warningsStillOpen(guesses, live, live)).toEqual({ limit: 'big' })
    expect(warningsStillOpen(guesses, live, { ...live, resourceId: 'other' })).toEqual({ resourceId: 'This is not a UUID.', limit: 'big' })
  })

  it('keeps every warning before an answer, or when the form names another server or source', () => {
    expect(warningsStillOpen(guesses, undefined, live)).toEqual(guesses)
    expect(warningsStillOpen(guesses, live, { ...live, baseUrl: 'http://y/data' })).toEqual(guesses)
    expect(warningsStillOpen(guesses, live, { ...live, source: 'demo' })).toEqual(guesses)
  })
})
