// Code that repeats the current request elsewhere: curl, JavaScript fetch, Python requests, R httr2.
// Every snippet is written from the one HttpRequestSpec, quoted for its own language.
import { demoServerNote } from './share-link.ts'
import { redactedRequest, type HttpRequestSpec } from './request-builder.ts'

// The link and the demo note are in share-link.ts: the page needs them at once, the writers only on a copy.
export { DEMO_SERVER_NOTE, shareLink } from './share-link.ts'

export type SnippetLanguage = 'curl' | 'fetch' | 'python' | 'r'

export interface SnippetOptions {
  /** Put the real token in the snippet instead of `<API_TOKEN>`. */
  revealToken?: boolean
}

export function snippet(language: SnippetLanguage, spec: HttpRequestSpec, options: SnippetOptions = {}): string {
  const shown = options.revealToken ? spec : redactedRequest(spec)
  return WRITERS[language](shown)
}


/** A snippet of a demo request, headed by the demo note (`demoServerNote`) as comments of its language. */
export function demoSnippet(language: SnippetLanguage, code: string, isSql = false): string {
  const mark = language === 'fetch' ? '//' : '#'
  return [...demoServerNote(isSql).map((line) => `${mark} ${line}`), code].join('\n')
}

const WRITERS: Record<SnippetLanguage, (spec: HttpRequestSpec) => string> = {
  curl: curlSnippet,
  fetch: fetchSnippet,
  python: pythonSnippet,
  r: rSnippet,
}

/** POSIX shell single quotes: everything literal; a `'` closes, is escaped, and reopens. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`
}

function curlSnippet(spec: HttpRequestSpec): string {
  const lines = [`curl -X ${spec.method} ${shellQuote(spec.url)}`]
  for (const [name, value] of spec.headers) lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`)
  if (spec.body !== undefined) lines.push(`  --data-raw ${shellQuote(spec.body)}`)
  return lines.join(' \\\n')
}

/** The request asks for `records_format: "lists"`, so the snippet rebuilds records from `result.fields`. */
function asksLists(spec: HttpRequestSpec): boolean {
  if (spec.body !== undefined) return (JSON.parse(spec.body) as { records_format?: unknown }).records_format === 'lists'
  return new URL(spec.url).searchParams.get('records_format') === 'lists'
}

const LISTS_NOTE = 'records_format "lists": each record is a list of values in the order of the fields'

/** A JavaScript string literal (JSON strings are valid JS since ES2019). */
const jsString = (text: string) => JSON.stringify(text)

function fetchSnippet(spec: HttpRequestSpec): string {
  const options = [`  method: ${jsString(spec.method)},`]
  if (spec.headers.length > 0) {
    options.push('  headers: {', ...spec.headers.map(([name, value]) => `    ${jsString(name)}: ${jsString(value)},`), '  },')
  }
  if (spec.body !== undefined) options.push(`  body: ${jsBody(spec.body)},`)
  return [
    `const response = await fetch(${jsString(spec.url)}, {`,
    ...options,
    '})',
    'const data = await response.json()',
    ...(asksLists(spec)
      ? [
          `// ${LISTS_NOTE}`,
          'const ids = data.result.fields.map((field) => field.id)',
          'console.log(data.result.records.map((values) => Object.fromEntries(ids.map((id, i) => [id, values[i]]))))',
        ]
      : ['console.log(data.result.records)']),
  ].join('\n')
}

/**
 * `JSON.stringify(<object literal>)` reads best, but an object literal gives `__proto__` a special
 * meaning, so a body naming that key is passed as the exact JSON text instead.
 */
function jsBody(body: string): string {
  if (body.includes('"__proto__"')) return jsString(body)
  const literal = JSON.stringify(JSON.parse(body), null, 2).replace(/\n/g, '\n  ')
  return `JSON.stringify(${literal})`
}

/** A Python 3 double-quoted literal; non-ASCII stays readable (source files are UTF-8). */
export function pythonString(text: string): string {
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
  return `"${text.replace(/[\\"\u0000-\u001f\u007f\u2028\u2029]/g, pythonEscape)}"`
}

function pythonEscape(char: string): string {
  const named: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' }
  return named[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
}

function pythonSnippet(spec: HttpRequestSpec): string {
  const args = [`    ${pythonString(spec.url)},`]
  if (spec.headers.length > 0) {
    args.push(`    headers={${spec.headers.map(([name, value]) => `${pythonString(name)}: ${pythonString(value)}`).join(', ')}},`)
  }
  // The exact JSON text, as UTF-8 bytes (a str body would be sent as Latin-1).
  if (spec.body !== undefined) args.push(`    data=${pythonString(spec.body)}.encode("utf-8"),`)
  return [
    'import requests',
    '',
    `response = requests.${spec.method.toLowerCase()}(`,
    ...args,
    ')',
    ...(asksLists(spec)
      ? [
          'result = response.json()["result"]',
          `# ${LISTS_NOTE}`,
          'ids = [field["id"] for field in result["fields"]]',
          'print([dict(zip(ids, values)) for values in result["records"]])',
        ]
      : ['print(response.json()["result"]["records"])']),
  ].join('\n')
}

/** An R double-quoted literal; `$` and backticks are plain characters there. */
export function rString(text: string): string {
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
  return `"${text.replace(/[\\"\u0000-\u001f\u007f]/g, rEscape)}"`
}

function rEscape(char: string): string {
  const named: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' }
  return named[char] ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`
}

function rSnippet(spec: HttpRequestSpec): string {
  const steps = [`request(${rString(spec.url)})`]
  const headers = spec.headers.filter(([name]) => spec.body === undefined || name.toLowerCase() !== 'content-type')
  if (headers.length > 0) steps.push(`req_headers(${headers.map(([name, value]) => `${rName(name)} = ${rString(value)}`).join(', ')})`)
  if (spec.body !== undefined) steps.push(`req_body_raw(${rString(spec.body)}, type = "application/json")`)
  steps.push(`req_method(${rString(spec.method)})`, 'req_perform()')
  const show = asksLists(spec)
    ? [
        'result <- resp_body_json(response)$result',
        `# ${LISTS_NOTE}`,
        'ids <- vapply(result$fields, function(field) field$id, character(1))',
        'str(lapply(result$records, function(values) setNames(values, ids)))',
      ]
    : ['str(resp_body_json(response)$result$records)']
  return ['library(httr2)', '', `response <- ${steps.join(' |>\n  ')}`, ...show].join('\n')
}

/** An argument name: bare when it is a syntactic R name, else in backticks. */
function rName(name: string): string {
  return /^[A-Za-z][A-Za-z0-9._]*$/.test(name) ? name : `\`${name.replace(/[\\`]/g, (c) => `\\${c}`)}\``
}

