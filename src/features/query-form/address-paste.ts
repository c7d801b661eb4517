// A portal address typed or pasted into Base URL or Resource ID fills in the form from what it says.
import { addressQueryParts, describeTakenAddress, parsePortalAddress } from '../../query/portal-address.ts'
import { draftToQuery, type FormDraft } from './draft.ts'

export interface TakenAddress {
  draft: FormDraft
  /** One line saying what was filled in. */
  note: string
}

/** The draft `text` makes when it is a portal address, or `undefined` when it is not one. */
export function takeOverAddress(draft: FormDraft, text: string): TakenAddress | undefined {
  const address = parsePortalAddress(text)
  if (!address) return undefined
  const { limit, ...parts } = addressQueryParts(address, draftToQuery(draft))
  const switched = draft.source === 'live' ? '' : ' Switched the source to Live API.'
  return {
    draft: { ...draft, ...parts, limit: limit === undefined ? draft.limit : String(limit) },
    note: describeTakenAddress(address) + switched,
  }
}
