// The size limit of a live answer as the user types it, in MB (decimal: 1 MB = 1,000,000 bytes). Pure.
import { DEFAULT_MAX_BYTES } from '../api/fetch-transport.ts'

export const DEFAULT_SIZE_LIMIT_TEXT = String(DEFAULT_MAX_BYTES / 1_000_000)
/** A JavaScript string of much more cannot be built in a browser tab anyway. */
const MAX_MB = 1000

export type SizeLimitParse = { ok: true; bytes: number } | { ok: false; message: string }

/** Megabytes (decimals allowed) to bytes; empty means the default. */
export function parseSizeLimit(text: string): SizeLimitParse {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: true, bytes: DEFAULT_MAX_BYTES }
  const message = `The size limit is a number of megabytes above 0, at most ${MAX_MB}, e.g. ${DEFAULT_SIZE_LIMIT_TEXT}.`
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return { ok: false, message }
  const megabytes = Number(trimmed)
  const bytes = Math.round(megabytes * 1_000_000)
  if (bytes < 1 || megabytes > MAX_MB) return { ok: false, message }
  return { ok: true, bytes }
}
