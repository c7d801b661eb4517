// The API tokens the user entered, one per origin (scheme, host, port). A token belongs to the origin
// of the base URL it was typed or remembered for: the form shows the one of the origin it points at,
// and the transports ask here before a request carries one (`withoutForeignTokens`), so nothing that
// moves the form (history, a link, a pasted address, a recent query) can take a token to another server.
import type { HttpRequestSpec } from '../query/request-builder.ts'
import type { Source } from '../query/types.ts'

/** Which API a token belongs to: `demo`, a live server's origin, or `none` (no valid address yet). */
export type TokenTarget = string

export const DEMO_TARGET = 'demo'
export const NO_TARGET = 'none'

/** The target of a query's API: the demo engine, or the origin of its base URL. */
export function tokenTarget(source: Source, baseUrl: string): TokenTarget {
  if (source === 'demo') return DEMO_TARGET
  return originOf(baseUrl) ?? NO_TARGET
}

/** The origin of an http(s) address, or `undefined` for anything else. */
export function originOf(address: string): string | undefined {
  try {
    const url = new URL(address.trim())
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined
  } catch {
    return undefined
  }
}

/** How a target is named to the user: host and port of an origin, or "the demo". */
export function targetName(target: TokenTarget): string {
  if (target === DEMO_TARGET) return 'the demo'
  if (target === NO_TARGET) return 'this address'
  try {
    return new URL(target).host
  } catch {
    return target
  }
}

export interface TokenStore {
  /** The token entered for `target` ('' when none). */
  tokenFor(target: TokenTarget): string
  set(target: TokenTarget, token: string): void
  /** Whether a request to `target` may carry `token`: it was entered for that target on this page. */
  mayCarry(target: TokenTarget, token: string): boolean
  /** The target, other than `target`, whose token was entered most recently (none when no other has one). */
  keptElsewhere(target: TokenTarget): TokenTarget | undefined
  /** Every target with a token, oldest entry first (what "Remember for this tab" keeps). */
  entries(): [TokenTarget, string][]
  subscribe(listener: () => void): () => void
  /** Changes with every change (for React's useSyncExternalStore). */
  version(): number
}

export function createTokenStore(initial: Iterable<[TokenTarget, string]> = []): TokenStore {
  // Insertion order is recency: a target set again moves to the end.
  const current = new Map<TokenTarget, string>()
  // Every value each target held (typing leaves its prefixes: they too only ever went to that target).
  const entered = new Map<TokenTarget, Set<string>>()
  const listeners = new Set<() => void>()
  let version = 0

  const set = (target: TokenTarget, token: string) => {
    if (current.get(target) === token || (token === '' && !current.has(target))) return
    current.delete(target)
    if (token !== '') current.set(target, token)
    const trimmed = token.trim()
    if (trimmed !== '') {
      const values = entered.get(target) ?? new Set<string>()
      values.add(trimmed)
      entered.set(target, values)
    }
    version++
    for (const listener of listeners) listener()
  }
  for (const [target, token] of initial) set(target, token)

  return {
    tokenFor: (target) => current.get(target) ?? '',
    set,
    mayCarry: (target, token) => target !== NO_TARGET && (entered.get(target)?.has(token.trim()) ?? false),
    keptElsewhere: (target) => [...current.keys()].findLast((other) => other !== target && other !== NO_TARGET),
    entries: () => [...current.entries()],
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    version: () => version,
  }
}

/** The headers that carry a token: the one the explorer sends, and the one the probe compares. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'x-ckan-api-key'])

/**
 * The request without any token that was not entered for the origin it goes to. Callers pass the token
 * of the query they send; this is the last word, applied by the live transports to every request.
 */
export function withoutForeignTokens(spec: HttpRequestSpec, store: Pick<TokenStore, 'mayCarry'>): HttpRequestSpec {
  const target = originOf(spec.url) ?? NO_TARGET
  const headers = spec.headers.filter(([name, value]) => !CREDENTIAL_HEADERS.has(name.toLowerCase()) || store.mayCarry(target, value))
  return headers.length === spec.headers.length ? spec : { ...spec, headers }
}
