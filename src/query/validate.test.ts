import { describe, expect, it } from 'vitest'
import { defaultQuery } from './defaults.ts'
import type { QueryState } from './types.ts'
import { baseUrlError, hasErrors, parseLimitInput, validateFilterDraft, validateQuery } from './validate.ts'

const live = (overrides: Partial<QueryState>): QueryState => ({ ...defaultQuery(), source: 'live', ...overrides })

describe('validateQuery', () => {
  it('finds nothing wrong with the default query', () => {
    expect(validateQuery(defaultQuery())).toEqual({ errors: {}, warnings: {} })
  })

  it.each([
    [-1, /cannot be negative/],
    [2.5, /whole number/],
    [Number.NaN, /must be a number/],
  ])('rejects the limit %s', (limit, message) => {
    const result = validateQuery({ ...defaultQuery(), limit })
    expect(result.errors.limit).toMatch(message)
    expect(hasErrors(result)).toBe(true)
  })

  it('warns that a limit above 32000 will be clamped, but lets it be sent', () => {
    const result = validateQuery({ ...defaultQuery(), limit: 50000 })
    expect(result.errors).toEqual({})
    expect(result.warnings.limit).toMatch(/clamped to 32000/)
  })

  it('warns when no limit is sent', () => {
    expect(validateQuery({ ...defaultQuery(), limit: undefined }).warnings.limit).toMatch(/server decides/)
  })

  it('warns, without blocking, about a resource id that is not a UUID', () => {
    const result = validateQuery({ ...defaultQuery(), resourceId: 'courses-alias' })
    expect(result.errors).toEqual({})
    expect(result.warnings.resourceId).toMatch(/not a UUID.*alias/)
  })

  it('requires a resource id', () => {
    expect(validateQuery({ ...defaultQuery(), resourceId: '  ' }).errors.resourceId).toMatch(/Enter a resource ID/)
  })

  it('rejects filters with an empty field or value and warns about a duplicate value', () => {
    expect(validateQuery({ ...defaultQuery(), filters: [{ field: '', values: ['x'] }] }).errors.filters).toMatch(/needs a field/)
    expect(validateQuery({ ...defaultQuery(), filters: [{ field: 'stage', values: [''] }] }).errors.filters).toMatch(/“stage” has an empty value/)
    expect(validateQuery({ ...defaultQuery(), filters: [{ field: 'stage', values: ['a', 'a'] }] }).warnings.filters).toMatch(/same value twice/)
  })

  it.each([
    ['rating with %', /spaces/],
    ['a.b', /a dot/],
    ['bük', /non-ASCII/],
  ])('warns that the field name %s is sent exactly as written', (field, trait) => {
    const result = validateQuery({ ...defaultQuery(), filters: [{ field, values: ['x'] }] })
    expect(result.errors).toEqual({})
    expect(result.warnings.filters).toMatch(trait)
    expect(result.warnings.filters).toMatch(/exactly as written/)
  })

  it('checks the base URL only for live queries', () => {
    expect(validateQuery({ ...defaultQuery(), baseUrl: 'javascript:alert(1)' }).errors).toEqual({})
    expect(validateQuery(live({ baseUrl: 'javascript:alert(1)' })).errors.baseUrl).toMatch(/Only http/)
  })

  it('warns before a token travels over plain http to another machine, but not to this one or over https', () => {
    const token = { token: 'tok' }
    expect(validateQuery(live({ baseUrl: 'http://portal.example/data' }), token).warnings.token).toMatch(/unencrypted.*portal\.example/)
    expect(validateQuery(live({ baseUrl: 'http://portal.example/data' })).warnings.token).toBeUndefined()
    expect(validateQuery(live({ baseUrl: 'https://portal.example/data' }), token).warnings.token).toBeUndefined()
    expect(validateQuery(live({ baseUrl: 'http://127.0.0.1:8800/data' }), token).warnings.token).toBeUndefined()
    expect(validateQuery(live({ baseUrl: 'http://localhost:8800/data' }), token).warnings.token).toBeUndefined()
  })
})

describe('the token', () => {
  it('is refused when it cannot travel in a header, without echoing it', () => {
    const result = validateQuery(defaultQuery(), { token: 'abc\ndef' })
    expect(result.errors.token).toMatch(/line break/)
    expect(result.errors.token).not.toContain('abc')
    expect(validateQuery(defaultQuery(), { token: 'tök€n' }).errors.token).toMatch(/non-Latin/)
    expect(validateQuery(defaultQuery(), { token: 'eyJhbGciOiJIUzI1NiJ9.e30.abc-_' }).errors).toEqual({})
  })
})

describe('baseUrlError', () => {
  it.each(['http://127.0.0.1:8800/data', 'https://portal.example/data/', 'https://demo.ckan.org', 'https://demo.ckan.org/', 'https://open.canada.ca/data/en', 'https://portal.example/a/b/c/'])(
    'accepts an origin plus any path before /api: %s',
    (url) => {
      expect(baseUrlError(url)).toBeUndefined()
    },
  )

  it.each([
    ['', /Enter the API/],
    ['not a url', /not a valid address/],
    ['data:text/html,hi', /Only http/],
    ['ftp://portal.example/data', /Only http/],
    ['https://user:pw@portal.example/data', /user name and password/],
    ['https://portal.example/data?x=1', /after \? or #.*\(here https:\/\/portal\.example\/data\)/],
    ['https://portal.example/data/en/dataset/water', /dataset page.*resource’s page address.*\(here https:\/\/portal\.example\/data\/en\)/],
  ])('rejects %j', (url, message) => {
    expect(baseUrlError(url)).toMatch(message)
  })

  it('suggests the right base when the whole action URL was pasted', () => {
    expect(baseUrlError('https://portal.example/data/api/action/datastore_search')).toMatch(/part before \/api \(here https:\/\/portal\.example\/data\)/)
    expect(baseUrlError('https://demo.ckan.org/api/3/action/datastore_search?resource_id=x')).toMatch(/part before \/api \(here https:\/\/demo\.ckan\.org\)/)
  })
})

describe('parseLimitInput', () => {
  it('reads whole numbers, keeps fractions and negatives for the validator, and makes text NaN', () => {
    expect(parseLimitInput(' 25 ')).toBe(25)
    expect(parseLimitInput('')).toBeUndefined()
    expect(parseLimitInput('-3')).toBe(-3)
    expect(parseLimitInput('1.5')).toBe(1.5)
    expect(parseLimitInput('abc')).toBeNaN()
    expect(parseLimitInput('1e3')).toBeNaN()
  })
})

describe('validateFilterDraft', () => {
  const existing = [{ field: 'stage', values: ['active'] }]

  it('asks for both a field and a value', () => {
    expect(validateFilterDraft('', '', existing)).toEqual({ field: 'Enter the field to filter on.', value: 'Enter the value the field must have.' })
  })

  it('refuses a chip that is already there but allows another value of the same field', () => {
    expect(validateFilterDraft('stage', 'active', existing).value).toMatch(/already there/)
    expect(validateFilterDraft('stage', 'draft', existing)).toEqual({})
  })

  it('warns about an unusual field name without refusing it', () => {
    expect(validateFilterDraft('rating with %', '60%', existing)).toEqual({ warning: expect.stringMatching(/spaces/) })
  })
})
