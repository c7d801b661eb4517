// One log line per request: time, method, path, status, duration. Query values are left out (they
// may hold search text users consider private); only parameter names are shown. Headers, and so
// the token, are never logged.

export function redactedPath(rawUrl: string): string {
  const question = rawUrl.indexOf('?')
  if (question === -1) return rawUrl
  const names = new URLSearchParams(rawUrl.slice(question + 1)).keys()
  return `${rawUrl.slice(0, question)}?${[...new Set(names)].join('&')}`
}

export function formatLogLine(method: string, rawUrl: string, status: number | 'aborted', milliseconds: number, now = new Date()): string {
  return `${now.toISOString()} ${method} ${redactedPath(rawUrl)} ${status} ${milliseconds.toFixed(1)}ms`
}
