import { useEffect, useState } from 'react'

// The token lives in memory. Only when the user ticks "Remember for this tab" is it kept in
// sessionStorage (gone when the tab closes), tied to the API it was used with, so a link that points
// the explorer at another server never gets it filled in.
const STORAGE_KEY = 'datastore-explorer.token'

interface StoredToken {
  token: string
  target: string
}

function readStored(): StoredToken | undefined {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY)
    if (raw === null) return undefined
    const parsed: unknown = JSON.parse(raw)
    if (typeof parsed !== 'object' || parsed === null) return undefined
    const { token, target } = parsed as Record<string, unknown>
    return typeof token === 'string' && typeof target === 'string' ? { token, target } : undefined
  } catch {
    return undefined
  }
}

function write(stored: StoredToken | undefined): void {
  try {
    if (stored === undefined || stored.token === '') sessionStorage.removeItem(STORAGE_KEY)
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored))
  } catch {
    // Storage can be disabled; remembering is a convenience, the token still works in memory.
  }
}

function tokenFor(stored: StoredToken | undefined, target: string): string {
  return stored?.target === target ? stored.token : ''
}

/** The token the page opens with for `target`: the remembered one when it was kept for that API. */
export function rememberedTokenFor(target: string): string {
  return tokenFor(readStored(), target)
}

export interface RememberedToken {
  token: string
  setToken: (token: string) => void
  remember: boolean
  setRemember: (remember: boolean) => void
}

/**
 * `target` says which API the token is for ("demo" or a live origin): the one the form points at now.
 * A remembered token is filled in only when the page opens on the same API.
 */
export function useRememberedToken(target: string): RememberedToken {
  const [initial] = useState(readStored)
  const [token, setToken] = useState(() => tokenFor(initial, target))
  const [remember, setRemember] = useState(() => initial !== undefined)
  useEffect(() => {
    write(remember ? { token, target } : undefined)
  }, [remember, token, target])
  return { token, setToken, remember, setRemember }
}

/** Which API a token belongs to: the demo engine, or a live server's origin. */
export function tokenTarget(source: 'demo' | 'live', baseUrl: string): string {
  if (source === 'demo') return 'demo'
  try {
    return new URL(baseUrl.trim()).origin
  } catch {
    return 'invalid'
  }
}
