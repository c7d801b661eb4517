import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { targetName, type TokenStore, type TokenTarget } from '../api/token-store.ts'
import { tokenStore } from './transports.ts'

// Tokens live in memory, one per origin (api/token-store.ts). Only when the user ticks "Remember for
// this tab" are they kept in sessionStorage (gone when the tab closes), each with its origin, so a link
// that points the explorer at another server never gets one filled in.
const STORAGE_KEY = 'datastore-explorer.token'

function readStored(): [TokenTarget, string][] | undefined {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY)
    if (raw === null) return undefined
    const parsed: unknown = JSON.parse(raw)
    if (typeof parsed !== 'object' || parsed === null) return undefined
    const { tokens } = parsed as Record<string, unknown>
    if (!Array.isArray(tokens)) return undefined
    return tokens.filter((entry): entry is [string, string] => Array.isArray(entry) && entry.length === 2 && entry.every((part) => typeof part === 'string'))
  } catch {
    return undefined
  }
}

function write(entries: [TokenTarget, string][] | undefined): void {
  try {
    if (entries === undefined || entries.length === 0) sessionStorage.removeItem(STORAGE_KEY)
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ tokens: entries }))
  } catch {
    // Storage can be disabled; remembering is a convenience, the tokens still work in memory.
  }
}

const loaded = new WeakMap<TokenStore, boolean>()

/** Puts the tokens remembered for this tab into the store, once; says whether there were any. */
export function loadRememberedTokens(store: TokenStore = tokenStore): boolean {
  let remembered = loaded.get(store)
  if (remembered === undefined) {
    const stored = readStored()
    for (const [target, token] of stored ?? []) store.set(target, token)
    remembered = stored !== undefined
    loaded.set(store, remembered)
  }
  return remembered
}

export interface RememberedToken {
  /** The token of the origin the form points at. */
  token: string
  setToken: (token: string) => void
  remember: boolean
  setRemember: (remember: boolean) => void
  /** This origin (`here`) has no token but another (`there`) has: the form says it is kept for it. */
  keptNote?: { here: string; there: string }
}

/**
 * The token the form shows and edits: the one of `target` ("demo" or a live origin), the API the form
 * points at now. Another origin's token stays with it; a line says so.
 */
export function useRememberedToken(target: TokenTarget, store: TokenStore = tokenStore): RememberedToken {
  const [remember, setRemember] = useState(() => loadRememberedTokens(store))
  useSyncExternalStore(store.subscribe, store.version)
  const token = store.tokenFor(target)
  useEffect(() => {
    const save = () => write(remember ? store.entries() : undefined)
    save()
    return store.subscribe(save)
  }, [remember, store])
  const elsewhere = token === '' ? store.keptElsewhere(target) : undefined
  const here = elsewhere === undefined ? undefined : targetName(target)
  const there = elsewhere === undefined ? undefined : targetName(elsewhere)
  // The same object until something in it changes: the form that shows it is memoised.
  return useMemo(
    () => ({
      token,
      setToken: (next: string) => store.set(target, next),
      remember,
      setRemember,
      keptNote: here === undefined || there === undefined ? undefined : { here, there },
    }),
    [token, store, target, remember, here, there],
  )
}
