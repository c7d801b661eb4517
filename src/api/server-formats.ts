// What each live server was seen to do with `records_format: "lists"`, by base URL. An answer that
// echoes `records_format` says the server knows the parameter (CKAN echoes it wherever it exists);
// the probe tries it outright; a 409 naming it says no, and that sticks. CKAN 2.11 takes lists alone
// but refuses them beside `distinct` (no equality operator for json) and beside `q` (an SQL syntax
// error): those combinations are remembered apart, from the probe or from a refused request.
// Subscribable, so the request panel shows the request that will really be sent.

/** Parameters some servers refuse beside `records_format: "lists"` though they take lists alone. */
export type ListsCompanion = 'distinct' | 'q'

export type ListsVerdict = 'accepted' | 'refused' | `refused with ${ListsCompanion}`

/** What a request sends beside lists that a server may refuse with them. */
export interface ListsUse {
  distinct?: boolean
  q?: boolean
}

export interface ServerFormats {
  /** True once this server is known to accept lists (and has not refused them), with what `use` sends beside them. */
  listsAccepted(baseUrl: string, use?: ListsUse): boolean
  /** An answer of this server said (or did not say) which records_format it used. */
  learnFromAnswer(baseUrl: string, echoedFormat: string | undefined): void
  /** A direct test (the probe) or a refusal (409 naming records_format) settles it. */
  settle(baseUrl: string, verdict: ListsVerdict): void
  subscribe(listener: () => void): () => void
}

/** Base URLs compare without surrounding spaces and trailing slashes. */
const keyOf = (baseUrl: string) => baseUrl.trim().replace(/\/+$/, '')

export function createServerFormats(): ServerFormats {
  const verdicts = new Map<string, 'accepted' | 'refused'>()
  const refusedBeside = new Map<string, Set<ListsCompanion>>()
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  const set = (baseUrl: string, verdict: ListsVerdict) => {
    const key = keyOf(baseUrl)
    if (verdict === 'refused with distinct' || verdict === 'refused with q') {
      const companion: ListsCompanion = verdict === 'refused with q' ? 'q' : 'distinct'
      const known = refusedBeside.get(key) ?? new Set()
      if (known.has(companion)) return
      refusedBeside.set(key, known.add(companion))
      return notify()
    }
    if (verdicts.get(key) === verdict) return
    verdicts.set(key, verdict)
    notify()
  }
  return {
    listsAccepted: (baseUrl, use = {}) => {
      const key = keyOf(baseUrl)
      if (verdicts.get(key) !== 'accepted') return false
      const refused = refusedBeside.get(key)
      return !((use.distinct && refused?.has('distinct')) || (use.q && refused?.has('q')))
    },
    learnFromAnswer: (baseUrl, echoedFormat) => {
      if (echoedFormat === undefined || verdicts.has(keyOf(baseUrl))) return
      set(baseUrl, 'accepted')
    },
    settle: set,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
