// Reading bodies that are not what was hoped for: JSON that stops early, HTML error pages.

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

export type JsonObject = { [key: string]: JsonValue }

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The `result` of a CKAN success envelope (HTTP 200, `success: true`, an object `result`), else `undefined`. */
export function successResult(status: number, body: unknown): JsonObject | undefined {
  if (status !== 200 || !isJsonObject(body) || body.success !== true) return undefined
  return isJsonObject(body.result) ? body.result : undefined
}

export type ParsedBody = { kind: 'json'; value: JsonValue } | { kind: 'truncated' } | { kind: 'not-json' }

export function parseBody(text: string): ParsedBody {
  try {
    return { kind: 'json', value: JSON.parse(text) as JsonValue }
  } catch {
    return looksTruncated(text) ? { kind: 'truncated' } : { kind: 'not-json' }
  }
}

/** JSON that starts like an object, array or string and ends inside one: the answer was cut off. */
export function looksTruncated(text: string): boolean {
  const start = text.trimStart()
  if (!/^[[{"]/.test(start)) return false
  let depth = 0
  let inString = false
  let escaped = false
  for (const char of start) {
    if (inString) {
      if (escaped) escaped = false
      else if (char === '\\') escaped = true
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '{' || char === '[') depth++
    else if (char === '}' || char === ']') depth--
  }
  return inString || depth > 0
}

export function isHtml(text: string, contentType: string | undefined): boolean {
  return /\bhtml\b/i.test(contentType ?? '') || /^\s*<(!doctype\s+html|html|head|body|title|h1|p|center)\b/i.test(text)
}

/** The page's title (or first heading) as plain text, e.g. "502 Bad Gateway". */
export function htmlTitle(html: string): string | undefined {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html) ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html)
  const title = match ? plainText(match[1]) : ''
  return title === '' ? undefined : shorten(title, 120)
}

/** Tags removed, common entities decoded, whitespace collapsed. The result is shown as text, never HTML. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' }

export function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
