// One log line per request: time, method, path, status, duration. Query values are left out (they
// may hold search text users consider private); only parameter names are shown. Headers, and so
// the token, are never logged.

// Characters that would break a name out of its one log line (line breaks, controls, spaces,
// invisible format characters, lone surrogates): percent-encoded back.
const UNSAFE_IN_LOG = /[\p{Cc}\p{Cf}\p{Z}\p{Cs}]/gu

function loggableName(name: string): string {
  return name.replace(UNSAFE_IN_LOG, (character) => (/\p{Cs}/u.test(character) ? '%EF%BF%BD' : encodeURIComponent(character)))
}

export function redactedPath(rawUrl: string): string {
  const question = rawUrl.indexOf('?')
  if (question === -1) return rawUrl
  const names = new URLSearchParams(rawUrl.slice(question + 1)).keys()
  return `${rawUrl.slice(0, question)}?${[...new Set(names)].map(loggableName).join('&')}`
}

export function formatLogLine(method: string, rawUrl: string, status: number | 'aborted', milliseconds: number, now = new Date()): string {
  return `${now.toISOString()} ${method} ${redactedPath(rawUrl)} ${status} ${milliseconds.toFixed(1)}ms`
}
