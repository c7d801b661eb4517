// Random and mutated HTTP requests for the fuzz test of the reference server: JSON bodies with
// known and unknown keys and every wrong type, byte-level mutations of valid bodies, hostile query
// strings, odd methods, paths, content types and Authorization headers. Everything stays within
// what node:http's client can put on the wire (a path of visible Latin-1 characters, header values
// without line breaks).

import { SeededRandom } from './fuzz-random.ts'

export interface FuzzTarget {
  /** The one path segment before `/api`, e.g. `/data`. */
  basePath: string
  publicId: string
  privateId: string
  token: string
  /** Field names of the public and the private resource (valid names reach the search itself). */
  publicFields: readonly string[]
  privateFields: readonly string[]
}

export interface FuzzRequest {
  method: string
  /** Path and query string exactly as sent. */
  path: string
  headers: Record<string, string>
  body?: Uint8Array
  /** How the request was made, for the failure report. */
  kind: string
}

const PARAMS = ['resource_id', 'id', 'limit', 'q', 'filters', 'offset', 'sort', 'fields', 'include_total', 'records_format',
  'distinct', 'full_text', 'plain', 'language', 'total_estimation_threshold'] as const
type Param = (typeof PARAMS)[number]

const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '',
  '__junk', '__extras', '__type', 'help', 'success', 'include_next_page', 'rank', '$or', '_']

const ODD_TEXTS = ['', ' ', 'Biology', 'biology', 'BIOLOGY', 'active', 'Économie, avancée', 'économie', 'Straße',
  'STRASSE', '日本語', '😀', 'İ', 'ı', '\ud800', 'x\udc00y', '\udbff\udfff', '\u0000', '\n', '\r\n', '\t', '\x01',
  '\u2028', '\ufeff', 'NaN', 'Infinity', '-Infinity', '-0', '1e999', '0x10', ' 5 ', '5.0', '1,000', '5', '10', 'true',
  'null', 'undefined', '%', '%25', '_', '.*', '\\', '"', "'", '(', '[', '${x}', '<script>', 'a,b', 'asc', 'desc',
  'nulls first', '_id', '_id desc', '"subject"']

const NUMBER_LITERALS = ['0', '1', '-1', '5', '1.5', '-0', '0.0', '1e3', '1e400', '-1e400', '1E-7', '32000', '32001',
  '2147483648', '9007199254740993', '123456789012345678901234567890', '-9223372036854775809', '1e300', '0.1e1',
  '4294967296', `1${'0'.repeat(400)}`]

const PATH_TAILS = ['/api/action/datastore_search', '/api/3/action/datastore_search']
const OTHER_ACTIONS = ['datastore_info', 'resource_show']
const ODD_PATHS = ['/', '', '/data', '/data/', '/api/action/datastore_search', '/data/api/action/datastore_search/',
  '/data/api/3/action/datastore_search/', '/data/api/action/datastore_searchx', '/data/api/action/package_show',
  '/data/api/action/', '/data/api/2/action/datastore_search', '//data/api/action/datastore_search',
  '/data//api/action/datastore_search', '/DATA/api/action/datastore_search', '/data/./api/action/datastore_search',
  '/data/x/../api/action/datastore_search', '/data/api/action/datastore_search%2f', '/data%2fapi/action/datastore_search',
  '/data/api/action/datastore_search;x', '/data/api/action/datastore_search#frag', '*',
  'http://127.0.0.1/data/api/action/datastore_search', '/data/api/action/datastore_search/../datastore_search',
  '/%zz/api/action/datastore_search', '/data/api/action/%']

const METHODS = ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'get', 'post', 'FOO', 'PROPFIND', 'TRACE', 'SEARCH', 'M-SEARCH']

const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'text/plain',
  'application/x-www-form-urlencoded', 'Application/X-WWW-Form-Urlencoded; charset=latin1',
  'multipart/form-data; boundary=xyz', 'application/xml', 'text/html; charset=utf-16', '*/*', '', ';;;', 'é/è']

const INVALID_UTF8: readonly (readonly number[])[] = [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xc0, 0xaf], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80], [0x80]]

const NOT_JSON = ['resource_id=x&limit=5', '<xml/>', "{'a':1}", 'undefined', 'NaN', '{"a":1}{"b":2}', '[', '"', '{',
  '{"resource_id":', 'null', '[]', '5', '"text"', 'true', '\u0000', '{"a":1,}', '{a:1}', '// comment\n{}', '\ufeff{}',
  '{"resource_id":"x"} trailing', '[{"resource_id":"x"}]']

const BROKEN_PERCENT = ['%zz', '%', '%e9', '%c3%28', '%ed%a0%80', '%00', '+', '%2', '%%', '%u00e9', '%FF%FE', '%0d%0a']

export function fuzzRequest(random: SeededRandom, target: FuzzTarget): FuzzRequest {
  const generator = new RequestGenerator(random, target)
  return generator.request()
}

class RequestGenerator {
  /** Known parameters with values of the right type only, so many requests reach the search itself. */
  private plausible = false
  private fieldNames: readonly string[] = []

  constructor(private readonly random: SeededRandom, private readonly target: FuzzTarget) {}

  request(): FuzzRequest {
    this.plausible = this.random.chance(0.4)
    this.fieldNames = this.plausible ? this.target.publicFields : [...this.target.publicFields, ...this.target.privateFields]
    const roll = this.random.next()
    if (roll < 0.42) return this.post()
    if (roll < 0.84) return this.get()
    return this.oddMethod()
  }

  private post(): FuzzRequest {
    const { kind, body } = this.postBody()
    const headers = this.commonHeaders()
    if (this.random.chance(0.8)) headers['content-type'] = this.random.chance(0.6) ? 'application/json' : this.random.pick(CONTENT_TYPES)
    return { method: this.random.chance(0.97) ? 'POST' : 'post', path: this.path(this.random.chance(0.1)), headers, body, kind: `POST ${kind}` }
  }

  private get(): FuzzRequest {
    const { kind, query } = this.queryString()
    return { method: 'GET', path: `${this.path(false)}?${query}`, headers: this.commonHeaders(), kind: `GET ${kind}` }
  }

  private oddMethod(): FuzzRequest {
    const method = this.random.pick(METHODS)
    const headers = this.commonHeaders()
    const withBody = method !== 'HEAD' && method !== 'TRACE' && method !== 'get' && this.random.chance(0.5)
    if (withBody) headers['content-type'] = this.random.pick(CONTENT_TYPES)
    return {
      method,
      path: this.random.chance(0.5) ? `${this.path(false)}?${this.queryString().query}` : this.path(false),
      headers,
      body: withBody ? this.postBody().body : undefined,
      kind: `${method} odd method`,
    }
  }

  private path(odd: boolean): string {
    if (odd || this.random.chance(0.06)) return this.random.pick(ODD_PATHS)
    if (this.random.chance(0.12)) return `${this.target.basePath}/api/${this.random.pick(['', '3/'])}action/${this.random.pick(OTHER_ACTIONS)}`
    return `${this.target.basePath}${this.random.chance(0.8) ? PATH_TAILS[0] : PATH_TAILS[1]}`
  }

  private commonHeaders(): Record<string, string> {
    const headers: Record<string, string> = {}
    const token = this.target.token
    const auth = this.random.pick([undefined, undefined, token, token, 'wrong', `Bearer ${token}`, `bearer ${token}`,
      'Bearer x', '', ` ${token}`, `${token} `, `${token},${token}`, 'tökén', token.toUpperCase(), 'x'.repeat(2000), 'null'])
    if (auth !== undefined) headers.authorization = auth
    if (this.random.chance(0.05)) headers['x-ckan-api-key'] = this.random.pick([token, 'wrong'])
    if (this.random.chance(0.03)) headers.host = this.random.pick(['evil.example', '[::1]', 'localhost:99999', 'a_b', '127.0.0.1:1'])
    if (this.random.chance(0.05)) headers.accept = this.random.pick(['text/html', '*/*', 'application/json', 'image/png'])
    if (this.random.chance(0.03)) headers['content-encoding'] = this.random.pick(['gzip', 'br', 'identity'])
    return headers
  }

  // ---- POST bodies

  private postBody(): { kind: string; body: Uint8Array } {
    const roll = this.random.next()
    if (roll < 0.45) return { kind: 'structured body', body: utf8(this.structuredBody()) }
    if (roll < 0.6) return { kind: 'random JSON value', body: utf8(this.jsonValue(3)) }
    if (roll < 0.9) return this.mutatedBody()
    if (roll < 0.9995) return { kind: 'not JSON', body: utf8(this.random.pick(NOT_JSON)) }
    // Just over the server's 10 MB body limit: 413.
    return { kind: 'oversized body', body: utf8(`{"q":"${'x'.repeat(10 * 1024 * 1024 + 10)}"}`) }
  }

  private mutatedBody(): { kind: string; body: Uint8Array } {
    const valid = [...utf8(this.structuredBody())]
    const mutation = this.random.int(7)
    switch (mutation) {
      case 0:
        return { kind: 'truncated body', body: Uint8Array.from(valid.slice(0, this.random.int(valid.length))) }
      case 1: {
        for (let flips = 1 + this.random.int(5); flips > 0; flips--) {
          const at = this.random.int(valid.length)
          valid[at] = ((valid[at] ?? 0) ^ (1 + this.random.int(255))) & 0xff
        }
        return { kind: 'flipped bytes', body: Uint8Array.from(valid) }
      }
      case 2: {
        const at = this.random.int(valid.length + 1)
        valid.splice(at, 0, ...this.random.pick(INVALID_UTF8))
        return { kind: 'invalid UTF-8', body: Uint8Array.from(valid) }
      }
      case 3: {
        const at = this.random.int(valid.length)
        valid.splice(at, 1 + this.random.int(Math.max(1, valid.length - at)))
        return { kind: 'deleted bytes', body: Uint8Array.from(valid) }
      }
      case 4: {
        const from = this.random.int(valid.length)
        const piece = valid.slice(from, from + 1 + this.random.int(20))
        valid.splice(this.random.int(valid.length + 1), 0, ...piece)
        return { kind: 'duplicated bytes', body: Uint8Array.from(valid) }
      }
      case 5:
        return { kind: 'empty body', body: new Uint8Array(0) }
      default:
        return { kind: 'BOM and whitespace', body: Uint8Array.from([0xef, 0xbb, 0xbf, 0x20, 0x0a, ...valid, 0x0a]) }
    }
  }

  /** An object body: usually a resource id plus a few parameters, each valid-looking or of a wrong type. */
  private structuredBody(): string {
    const entries: string[] = []
    if (this.random.chance(0.85)) entries.push(`"resource_id":${this.paramValue('resource_id')}`)
    for (let count = this.random.int(5); count > 0; count--) {
      const name = this.plausible || this.random.chance(0.85) ? this.random.pick(PARAMS) : this.key()
      const value = (PARAMS as readonly string[]).includes(name) ? this.paramValue(name as Param) : this.jsonValue(2)
      entries.push(`${JSON.stringify(name)}:${value}`)
    }
    const separator = this.random.pick([',', ', ', ',\n  '])
    return `{${entries.join(separator)}}`
  }

  /** JSON text for one parameter: mostly plausible (to reach the search), often of a wrong type. */
  private paramValue(name: Param): string {
    if (!this.plausible && this.random.chance(0.25)) return this.jsonValue(2)
    const field = (): string => this.fieldName()
    switch (name) {
      case 'resource_id':
      case 'id':
        if (this.plausible) return JSON.stringify(this.random.chance(0.9) ? this.target.publicId : '_table_metadata')
        return JSON.stringify(this.random.pick([this.target.publicId, this.target.publicId, this.target.privateId,
          this.target.publicId.toUpperCase(), ` ${this.target.publicId}`, 'unknown-resource', '', this.text(), '_table_metadata']))
      case 'limit':
      case 'offset':
        if (this.plausible) return this.random.pick(['0', '1', '2', '5', '100', '32001', '"3"'])
        return this.random.chance(0.7) ? this.random.pick(NUMBER_LITERALS) : JSON.stringify(this.random.pick(['5', 'abc', '1.5', '-1', '', ' 3', '1e2', '+7', '\u0665', '9'.repeat(400)]))
      case 'q':
        if (this.random.chance(0.5)) return JSON.stringify(this.text())
        return this.objectOf(() => JSON.stringify(field()), () => (this.random.chance(0.8) ? JSON.stringify(this.text()) : this.jsonValue(1)))
      case 'filters':
        if (this.random.chance(0.15)) return JSON.stringify(JSON.stringify({ [field()]: this.text() }))
        return this.objectOf(() => JSON.stringify(field()), () => (this.random.chance(0.6) ? this.scalar() : `[${this.listOf(() => this.scalar())}]`))
      case 'sort':
        if (this.random.chance(0.3)) return `[${this.listOf(() => JSON.stringify(this.sortClause()))}]`
        return JSON.stringify(Array.from({ length: 1 + this.random.int(3) }, () => this.sortClause()).join(this.random.pick([',', ', ', ' , '])))
      case 'fields':
        if (this.random.chance(0.5)) return `[${this.listOf(() => JSON.stringify(field()))}]`
        return JSON.stringify(Array.from({ length: 1 + this.random.int(3) }, field).join(','))
      case 'include_total':
      case 'distinct':
      case 'plain':
        return this.random.pick(['true', 'false', '0', '1', '"false"', '"yes"', '"no"', '"t"', '""', 'null', '"maybe"'])
      case 'records_format':
        if (this.plausible) return this.random.pick(['"objects"', '"lists"', '"csv"', '"tsv"'])
        return this.random.pick(['"objects"', '"lists"', '"csv"', '"tsv"', '"LISTS"', '"xml"', '""', 'null', '["csv"]', '1'])
      case 'full_text':
        return JSON.stringify(this.text())
      case 'language':
        return this.random.chance(0.5) ? this.random.pick(['"english"', '"simple"', '"klingon"']) : JSON.stringify(this.text())
      case 'total_estimation_threshold':
        if (this.plausible) return this.random.pick(['null', '0', '10', '100000', '"5"'])
        return this.random.chance(0.6) ? this.random.pick(NUMBER_LITERALS) : JSON.stringify(this.random.pick(['5', 'abc', '1.5', '-1', '', ' 3']))
    }
  }

  private sortClause(): string {
    const name = this.random.chance(0.3) ? `"${this.fieldName()}"` : this.fieldName()
    if (this.plausible) return `${name}${this.random.pick(['', ' asc', ' desc', ' DESC', ' asc nulls first', ' desc nulls last'])}`
    const direction = this.random.pick(['', ' asc', ' desc', ' DESC', ' up', ' asc nulls first', ' desc nulls last', ' nulls', ' asc asc'])
    return `${name}${direction}`
  }

  private fieldName(): string {
    return this.plausible || this.random.chance(0.8) ? this.random.pick([...this.fieldNames, '_id']) : this.key()
  }

  private key(): string {
    return this.random.chance(0.6) ? this.random.pick(HOSTILE_KEYS) : this.text()
  }

  private scalar(): string {
    const roll = this.random.int(4)
    if (roll === 0) return this.random.pick(NUMBER_LITERALS)
    if (roll === 1) return this.random.pick(['true', 'false', 'null'])
    return JSON.stringify(this.text())
  }

  private text(): string {
    const roll = this.random.next()
    if (roll < 0.55) return this.random.pick(ODD_TEXTS)
    if (roll < 0.75) return this.random.pick(this.fieldNames)
    if (roll < 0.97) return this.randomCharacters(1 + this.random.int(24))
    return this.randomCharacters(1 + this.random.int(4)).repeat(200 + this.random.int(3000))
  }

  private randomCharacters(length: number): string {
    let text = ''
    for (let i = 0; i < length; i++) {
      const roll = this.random.next()
      if (roll < 0.6) text += String.fromCharCode(0x20 + this.random.int(0x5f))
      else if (roll < 0.8) text += String.fromCharCode(0xa0 + this.random.int(0x2000))
      else if (roll < 0.9) text += String.fromCodePoint(0x1f300 + this.random.int(0x300))
      else if (roll < 0.95) text += String.fromCharCode(this.random.int(0x20))
      else text += String.fromCharCode(0xd800 + this.random.int(0x800))
    }
    return text
  }

  /** Any JSON value as text, including literals JSON.stringify cannot write (1e400, -0). */
  private jsonValue(depth: number): string {
    const roll = this.random.int(depth > 0 ? 7 : 5)
    switch (roll) {
      case 0:
        return this.random.pick(NUMBER_LITERALS)
      case 1:
      case 2:
        return JSON.stringify(this.text())
      case 3:
        return this.random.pick(['true', 'false', 'null'])
      case 4:
        return this.scalar()
      case 5:
        return `[${this.listOf(() => this.jsonValue(depth - 1))}]`
      default:
        return this.objectOf(() => JSON.stringify(this.key()), () => this.jsonValue(depth - 1))
    }
  }

  private listOf(item: () => string): string {
    return Array.from({ length: this.random.int(5) }, item).join(',')
  }

  private objectOf(key: () => string, value: () => string): string {
    return `{${Array.from({ length: this.random.int(4) }, () => `${key()}:${value()}`).join(',')}}`
  }

  // ---- GET query strings

  private queryString(): { kind: string; query: string } {
    const pairs: string[] = []
    for (let count = this.random.int(7); count > 0; count--) {
      const name = this.plausible || this.random.chance(0.8) ? this.random.pick(PARAMS) : this.key()
      const value = (PARAMS as readonly string[]).includes(name) ? this.queryValue(name as Param) : this.text()
      if (this.random.chance(0.05)) pairs.push(this.encode(name))
      else pairs.push(`${this.encode(name)}=${this.encode(value)}`)
    }
    if (this.random.chance(0.85)) pairs.splice(this.random.int(pairs.length + 1), 0, `resource_id=${this.encode(this.target.publicId)}`)
    let query = pairs.join(this.random.chance(0.95) ? '&' : this.random.pick(['&&', ';', '&amp;']))
    let kind = 'query string'
    if (this.random.chance(0.15)) {
      const at = this.random.int(query.length + 1)
      query = `${query.slice(0, at)}${this.random.pick(BROKEN_PERCENT)}${query.slice(at)}`
      kind = 'broken percent encoding'
    }
    if (this.random.chance(0.01)) {
      query += `&q=${'ab%20'.repeat(this.random.chance(0.5) ? 2_000 : 5_000)}`
      kind = 'very long query string'
    }
    return { kind, query }
  }

  /** A query-string value: JSON text for filters and object q, bare text otherwise. */
  private queryValue(name: Param): string {
    const json = this.paramValue(name)
    if (json.startsWith('"') && this.random.chance(0.8)) {
      try {
        return String(JSON.parse(json))
      } catch {
        return json
      }
    }
    return json
  }

  private encode(text: string): string {
    if (this.random.chance(0.8)) return encodeURIComponentLenient(text)
    // Raw: only what node:http lets through in a path (visible Latin-1), the rest percent-encoded.
    return [...text].map((character) => (/^[\u0021-\u00ff]$/.test(character) ? character : encodeURIComponentLenient(character))).join('')
  }
}

/** encodeURIComponent, with a lone surrogate written as the percent bytes of its (invalid) UTF-8. */
function encodeURIComponentLenient(text: string): string {
  return [...text].map((character) => {
    const code = character.charCodeAt(0)
    if (character.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('')
    }
    return encodeURIComponent(character)
  }).join('')
}

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text)
}
