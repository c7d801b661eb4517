import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_QUERY, defaultQuery } from './defaults.ts'
import { decodeQuery, encodeQuery, LINK_LIMITS } from './url-codec.ts'
import { formatCount } from './locale-format.ts'
import type { QueryState } from './types.ts'

const text = (maxLength = 12) => fc.string({ unit: 'grapheme', maxLength })
const nastyText = fc.oneof(
  text(),
  fc.constantFrom('a.b', 'x=y', 'a,b', 'with space', 'Straße', '名前', '&', '#frag', '+', '%41', 'filter.x', ' asc', 'a desc', '__proto__', 'line\nbreak', ''),
)

const queryArb: fc.Arbitrary<QueryState> = fc.record({
  source: fc.constantFrom('demo', 'live'),
  baseUrl: fc.oneof(fc.constant(DEFAULT_QUERY.baseUrl), fc.webUrl()),
  resourceId: fc.oneof(fc.uuid(), nastyText),
  limit: fc.oneof(fc.constant(undefined), fc.integer({ min: 0, max: 999_999_999 })),
  q: nastyText,
  filters: fc
    .uniqueArray(nastyText, { maxLength: 4 })
    .chain((fields) => fc.tuple(...fields.map((field) => fc.array(nastyText, { minLength: 1, maxLength: 3 }).map((values) => ({ field, values }))))),
  method: fc.constantFrom('POST', 'GET'),
  sort: fc.array(fc.record({ field: nastyText, direction: fc.constantFrom('asc', 'desc') }), { maxLength: 3 }),
  sortOn: fc.constantFrom('browser', 'server'),
  offset: fc.nat(),
  fields: fc.oneof(fc.constant(undefined), fc.array(nastyText, { minLength: 1, maxLength: 4 })),
}) as fc.Arbitrary<QueryState>

describe('query links', () => {
  it('round-trips any query exactly, with nothing ignored', () => {
    fc.assert(
      fc.property(queryArb, (query) => {
        const decoded = decodeQuery(encodeQuery(query))
        expect(decoded.ignored).toEqual([])
        expect(decoded.query).toEqual(query)
      }),
      { numRuns: 1000 },
    )
  })

  it('also round-trips through a real page URL', () => {
    fc.assert(
      fc.property(queryArb, (query) => {
        const page = new URL(`https://explorer.example/app/?${encodeQuery(query)}#top`)
        expect(decodeQuery(page.search).query).toEqual(query)
      }),
    )
  })

  it('leaves defaults out, so the default query is the bare page', () => {
    expect(encodeQuery(defaultQuery())).toBe('')
    expect(decodeQuery('')).toEqual({ query: defaultQuery(), ignored: [] })
  })

  it('writes a readable, canonical link', () => {
    const query: QueryState = {
      ...defaultQuery(),
      source: 'live',
      baseUrl: 'http://127.0.0.1:8800/data',
      resourceId: 'courses',
      limit: 5,
      q: 'grain',
      filters: [
        { field: 'stage', values: ['active', 'draft'] },
        { field: 'subject', values: ['Biology'] },
      ],
      method: 'GET',
      sort: [
        { field: 'subject', direction: 'asc' },
        { field: 'amount', direction: 'desc' },
      ],
      offset: 100,
      fields: ['a', 'b'],
    }
    expect(encodeQuery(query)).toBe(
      'source=live&resource=courses&method=GET&limit=5&q=grain&filter.stage=active&filter.stage=draft' +
        '&filter.subject=Biology&sort=subject+asc&sort=amount+desc&offset=100&fields=a&fields=b',
    )
  })

  it('gives equal links for queries that differ only in how chips were grouped', () => {
    const grouped = { ...defaultQuery(), filters: [{ field: 'stage', values: ['a', 'b'] }] }
    const split = { ...defaultQuery(), filters: [{ field: 'stage', values: ['a'] }, { field: 'stage', values: ['b'] }] }
    expect(encodeQuery(split)).toBe(encodeQuery(grouped))
  })

  it('keeps field names with dots, equals signs, commas and non-ASCII letters exact', () => {
    const query = { ...defaultQuery(), filters: [{ field: 'a.b=c,d ü', values: ['x&y=z'] }], fields: ['a,b', 'c.d'] }
    expect(decodeQuery(encodeQuery(query)).query).toEqual(query)
  })

  it('writes lone surrogates (not text, URLs cannot carry them) as U+FFFD instead of throwing', () => {
    const query = { ...defaultQuery(), q: 'a\uD800b' }
    expect(decodeQuery(encodeQuery(query)).query.q).toBe('a\uFFFDb')
  })

  it('says `limit=none` when no limit is sent', () => {
    const query = { ...defaultQuery(), limit: undefined }
    expect(encodeQuery(query)).toBe('limit=none')
    expect(decodeQuery('?limit=none').query.limit).toBeUndefined()
  })
})

const reasonsFor = (search: string) => decodeQuery(search).ignored

describe('hostile links', () => {
  it('never throws on random strings, and always returns a complete query', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (search) => {
        const { query, ignored } = decodeQuery(search)
        expect(typeof query.resourceId).toBe('string')
        expect(Array.isArray(ignored)).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it('never throws on mutated real links', () => {
    const pieces = ['source=', 'live', 'base=', 'javascript:alert(1)', '&', '=', '%', '%E0%A4', 'filter.', 'sort=', 'limit=', '-1', '1e3', '?', '#', '+', 'constructor', '__proto__', 'toString']
    fc.assert(fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
      expect(() => decodeQuery(parts.join(''))).not.toThrow()
    }))
  })

  it('ignores a javascript: or data: base URL for safety and keeps the rest', () => {
    const decoded = decodeQuery('?source=live&base=javascript:alert(1)&resource=abc&q=x')
    expect(decoded.query.baseUrl).toBe(DEFAULT_QUERY.baseUrl)
    expect(decoded.query).toMatchObject({ source: 'live', resourceId: 'abc', q: 'x' })
    expect(decoded.ignored).toEqual([{ param: 'base', reason: expect.stringMatching(/only http and https.*javascript:/) }])
    expect(reasonsFor('base=data:text/html,<script>alert(1)</script>')[0].reason).toMatch(/data:/)
  })

  it('ignores a base URL carrying a user name or password', () => {
    expect(reasonsFor('base=https://user:pw@example.org/data')[0].reason).toMatch(/user name or password/)
  })

  it('ignores token-like parameters without echoing their values', () => {
    const decoded = decodeQuery('?token=s3cret&api_key=s3cret&Authorization=s3cret&X-CKAN-API-Key=s3cret&resource=r1')
    expect(decoded.query.resourceId).toBe('r1')
    expect(decoded.ignored.map((entry) => entry.param)).toEqual(['token', 'api_key', 'Authorization', 'X-CKAN-API-Key'])
    expect(JSON.stringify(decoded)).not.toContain('s3cret')
    expect(decoded.ignored[0].reason).toMatch(/never carry tokens/)
  })

  it('still accepts a filter on a field that happens to be named like a credential', () => {
    expect(decodeQuery('filter.api_key=yes').query.filters).toEqual([{ field: 'api_key', values: ['yes'] }])
  })

  it('names unknown and malformed parameters', () => {
    const decoded = decodeQuery('?colour=red&limit=-1&offset=1.5&method=DELETE&source=elsewhere&sort_on=sideways&limit=7')
    expect(decoded.ignored).toEqual([
      { param: 'colour', reason: 'Unknown parameter.' },
      { param: 'limit', reason: expect.stringMatching(/whole number/) },
      { param: 'offset', reason: expect.stringMatching(/whole number/) },
      { param: 'method', reason: expect.stringMatching(/POST/) },
      { param: 'source', reason: expect.stringMatching(/demo/) },
      { param: 'sort_on', reason: expect.stringMatching(/browser/) },
      { param: 'limit', reason: expect.stringMatching(/more than once/) },
    ])
    expect(decoded.query).toEqual(defaultQuery())
  })

  it('does not treat inherited object keys as parameters', () => {
    expect(reasonsFor('constructor=x&toString=y&__proto__=z').map((entry) => entry.reason)).toEqual([
      'Unknown parameter.',
      'Unknown parameter.',
      'Unknown parameter.',
    ])
  })

  it('ignores values over 2 KB and everything past 100 KB in total', () => {
    const long = 'x'.repeat(LINK_LIMITS.valueChars + 1)
    const decoded = decodeQuery(`q=${long}&resource=kept`)
    expect(decoded.query).toMatchObject({ q: '', resourceId: 'kept' })
    expect(decoded.ignored).toEqual([{ param: 'q', reason: expect.stringMatching(/Longer than 2,000/) }])

    const value = 'v'.repeat(1_900)
    const many = Array.from({ length: 80 }, (_, i) => `fields=${i}${value}`).join('&')
    const big = decodeQuery(many)
    expect(big.query.fields?.length).toBeLessThan(60)
    expect(big.ignored).toHaveLength(1)
    expect(big.ignored[0].reason).toMatch(/longer than 100 KB/)
  })

  it('caps the number of filter values, sort keys and fields', () => {
    const filters = Array.from({ length: LINK_LIMITS.filterValues + 5 }, (_, i) => `filter.f${i}=v`).join('&')
    const decoded = decodeQuery(filters)
    expect(decoded.query.filters).toHaveLength(LINK_LIMITS.filterValues)
    expect(decoded.ignored).toHaveLength(5)
    expect(decoded.ignored[0].reason).toMatch(/More than 100 filter values/)
  })

  it('lists at most 20 notes, counting the rest in the last one', () => {
    const decoded = decodeQuery(Array.from({ length: 5000 }, (_, i) => `junk${i}=1`).join('&') + '&resource=kept')
    expect(decoded.query.resourceId).toBe('kept')
    expect(decoded.ignored).toHaveLength(LINK_LIMITS.notes)
    expect(decoded.ignored.at(-1)).toEqual({ param: '(more)', reason: '4,981 more parameters were ignored.' })
  })

  it('reads a bare sort name as ascending', () => {
    expect(decodeQuery('sort=subject').query.sort).toEqual([{ field: 'subject', direction: 'asc' }])
  })
})

describe('SQL links', () => {
  const sqlText = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 300 }),
    fc.constantFrom(`SELECT * FROM "a-b" WHERE x = 'it''s' -- c\n/* d */ LIMIT 10;`, '', ' ', 'SELECT $$&sql=x#$$', 'token=secret'),
  )

  it('round-trips any query with any statement, nothing ignored', () => {
    fc.assert(
      fc.property(queryArb, sqlText, (query, sql) => {
        const withSql = { ...query, sql }
        const decoded = decodeQuery(encodeQuery(withSql))
        expect(decoded.ignored).toEqual([])
        expect(decoded.query).toEqual(withSql)
      }),
      { numRuns: 300 },
    )
  })

  it('writes the statement last as sql=, readable', () => {
    const sql = `SELECT subject, count(*) FROM "d2a1" GROUP BY 1`
    expect(encodeQuery({ ...defaultQuery(), sql })).toBe('sql=SELECT+subject,+count(*)+FROM+%22d2a1%22+GROUP+BY+1')
  })

  it('takes statements longer than other values, up to its own limit', () => {
    const long = `SELECT ${'x, '.repeat(3000)}1`
    expect(long.length).toBeGreaterThan(LINK_LIMITS.valueChars)
    expect(decodeQuery(new URLSearchParams({ sql: long }).toString()).query.sql).toBe(long)
    const tooLong = 'x'.repeat(LINK_LIMITS.sqlChars + 1)
    const decoded = decodeQuery(new URLSearchParams({ sql: tooLong }).toString())
    expect(decoded.query.sql).toBeUndefined()
    expect(decoded.ignored).toEqual([{ param: 'sql', reason: `Longer than ${formatCount(LINK_LIMITS.sqlChars)} characters.` }])
  })

  it('a link without sql= is a search', () => {
    expect(decodeQuery('resource=courses&q=x').query.sql).toBeUndefined()
  })
})

describe('column layout in links', () => {
  it('writes pins and resized widths compactly and reads them back', () => {
    const query: QueryState = { ...defaultQuery(), pinned: ['name', 'a b'], widths: { name: 180, 'x y': 64 } }
    const link = encodeQuery(query)
    expect(link).toContain('pin=name&pin=a+b&width=name+180&width=x+y+64')
    expect(decodeQuery(link).query).toMatchObject({ pinned: ['name', 'a b'], widths: { name: 180, 'x y': 64 } })
  })

  it('keeps a column named __proto__ as a column, not a prototype', () => {
    const decoded = decodeQuery('width=__proto__+90')
    expect(Object.hasOwn(decoded.query.widths ?? {}, '__proto__')).toBe(true)
    expect(decoded.query.widths?.['__proto__']).toBe(90)
  })

  it('ignores widths that are not whole px within range, saying why', () => {
    const decoded = decodeQuery('width=name+5&width=name&width=name+99999&width=ok+120')
    expect(decoded.query.widths).toEqual({ ok: 120 })
    expect(decoded.ignored).toHaveLength(3)
    expect(decoded.ignored[0]?.reason).toMatch(/width is `<field> <px>`/)
  })

  it('leaves the layout out when nothing was resized or pinned', () => {
    expect(encodeQuery({ ...defaultQuery(), widths: {}, pinned: [] })).toBe(encodeQuery(defaultQuery()))
  })
})
