import { describe, expect, it } from 'vitest'
import { queryToDraft } from '../features/query-form/draft.ts'
import { DEFAULT_QUERY } from '../query/defaults.ts'
import { messagesStillTrue } from './field-errors.ts'

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
