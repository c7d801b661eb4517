// What each live server was seen to do with `records_format: "lists"`, by base URL. An answer that
// echoes `records_format` says the server knows the parameter (CKAN echoes it wherever it exists);
// the probe tries it outright; a 409 naming it says no, and that sticks. Subscribable, so the request
// panel shows the request that will really be sent.

export type ListsVerdict = 'accepted' | 'refused'

export interface ServerFormats {
  /** True once this server is known to accept lists (and has not refused them). */
  listsAccepted(baseUrl: string): boolean
  /** An answer of this server said (or did not say) which records_format it used. */
  learnFromAnswer(baseUrl: string, echoedFormat: string | undefined): void
  /** A direct test (the probe) or a refusal (409 naming records_format) settles it. */
  settle(baseUrl: string, verdict: ListsVerdict): void
  subscribe(listener: () => void): () => void
}

/** Base URLs compare without surrounding spaces and trailing slashes. */
const keyOf = (baseUrl: string) => baseUrl.trim().replace(/\/+$/, '')

export function createServerFormats(): ServerFormats {
  const verdicts = new Map<string, ListsVerdict>()
  const listeners = new Set<() => void>()
  const set = (baseUrl: string, verdict: ListsVerdict) => {
    const key = keyOf(baseUrl)
    if (verdicts.get(key) === verdict) return
    verdicts.set(key, verdict)
    for (const listener of listeners) listener()
  }
  return {
    listsAccepted: (baseUrl) => verdicts.get(keyOf(baseUrl)) === 'accepted',
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
