// The live request timeout as the user types it, in seconds. Pure.
import { DEFAULT_TIMEOUT_MS } from '../api/fetch-limits.ts'

export const DEFAULT_TIMEOUT_TEXT = String(DEFAULT_TIMEOUT_MS / 1000)

export type TimeoutParse = { ok: true; timeoutMs: number } | { ok: false; message: string }

/** Seconds (decimals allowed) to milliseconds; 0 waits as long as the server takes. */
export function parseTimeout(text: string): TimeoutParse {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: true, timeoutMs: DEFAULT_TIMEOUT_MS }
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return { ok: false, message: 'The timeout is a number of seconds, e.g. 30 (0 waits as long as it takes).' }
  const seconds = Number(trimmed)
  if (seconds > 3600) return { ok: false, message: 'The timeout can be at most 3600 seconds (one hour); 0 waits as long as it takes.' }
  return { ok: true, timeoutMs: Math.round(seconds * 1000) }
}
