import { describe, expect, it } from 'vitest'
import { Catalog } from './catalog.ts'
import { datastoreSearch } from './datastore-search.ts'
import { castFilterValue } from './filter-values.ts'
import { TableBuilder } from './table.ts'

describe('a filter value read as PostgreSQL casts it to the column type', () => {
  it('reads numbers written as a CSV or a person writes them', () => {
    expect(castFilterValue('numeric', '0.0')).toEqual({ text: '0' })
    expect(castFilterValue('numeric', '9.40')).toEqual({ text: '9.4' })
    expect(castFilterValue('numeric', ' 6.5')).toEqual({ text: '6.5' })
    expect(castFilterValue('numeric', '+18.25')).toEqual({ text: '18.25' })
    expect(castFilterValue('numeric', '.5')).toEqual({ text: '0.5' })
    expect(castFilterValue('numeric', '1e3')).toEqual({ text: '1000' })
    expect(castFilterValue('int4', '0304926')).toEqual({ text: '304926' })
    expect(castFilterValue('int8', '-007')).toEqual({ text: '-7' })
    expect(castFilterValue('numeric', 6.5)).toEqual({ text: '6.5' })
  })

  it('refuses what PostgreSQL refuses, naming the type and the value', () => {
    expect(castFilterValue('numeric', '1,5')).toEqual({ error: 'invalid input syntax for type numeric: "1,5"' })
    expect(castFilterValue('int4', '1.0')).toEqual({ error: 'invalid input syntax for type integer: "1.0"' })
    expect(castFilterValue('int4', '3000000000')).toEqual({ error: 'value "3000000000" is out of range for type integer' })
    expect(castFilterValue('int8', '3000000000')).toEqual({ text: '3000000000' })
    expect(castFilterValue('date', '2012-02-30')).toEqual({ error: 'date/time field value out of range: "2012-02-30"' })
    expect(castFilterValue('date', 'yesterday-ish')).toEqual({ error: 'invalid input syntax for type date: "yesterday-ish"' })
    expect(castFilterValue('bool', 'o')).toEqual({ error: 'invalid input syntax for type boolean: "o"' })
    expect(castFilterValue('int4', true)).toEqual({ error: 'operator does not exist: integer = boolean' })
  })

  it('matches nothing where the value is valid but no cell can hold it', () => {
    expect(castFilterValue('int4', 6.5)).toEqual({ nothing: true })
    expect(castFilterValue('numeric', 'NaN')).toEqual({ nothing: true })
    expect(castFilterValue('numeric', null)).toEqual({ nothing: true })
    // PostgreSQL's numeric keeps every digit; a double would round these to 0.3 and 9007199254740992
    expect(castFilterValue('numeric', '0.30000000000000001')).toEqual({ nothing: true })
    expect(castFilterValue('int8', '9007199254740993')).toEqual({ text: '9007199254740993' })
  })

  it('keeps a numeric value whose digits a stored number has, however it is written', () => {
    for (const text of ['0.3', '0.300', '3e-1', '+.30', '30E-2', '0.000030e4']) expect(castFilterValue('numeric', text)).toEqual({ text: '0.3' })
    for (const text of ['-25', '-2.5e1', '-250e-1', '-0025.000']) expect(castFilterValue('numeric', text)).toEqual({ text: '-25' })
    expect(castFilterValue('numeric', '0.30000000000000004')).toEqual({ text: '0.30000000000000004' })
    expect(castFilterValue('numeric', '-0.0')).toEqual({ text: '0' })
    expect(castFilterValue('numeric', '1e21')).toEqual({ text: '1e+21' })
  })

  it('reads dates and timestamps in their ISO forms, with a time, zone or compact date', () => {
    expect(castFilterValue('date', '2012-01-01T00:00:00')).toEqual({ text: '2012-01-01' })
    expect(castFilterValue('date', ' 2012-1-5 ')).toEqual({ text: '2012-01-05' })
    expect(castFilterValue('date', '20120105')).toEqual({ text: '2012-01-05' })
    expect(castFilterValue('timestamp', '2012-01-01')).toEqual({ text: '2012-01-01T00:00:00' })
    expect(castFilterValue('timestamp', '2012-01-01 03:04')).toEqual({ text: '2012-01-01T03:04:00' })
    expect(castFilterValue('timestamp', '2012-01-01T03:04:05.5Z')).toEqual({ text: '2012-01-01T03:04:05.500000' })
    expect(castFilterValue('timestamp', '2012-12-31T23:59:59.9999999')).toEqual({ text: '2013-01-01T00:00:00' })
  })

  it('takes PostgreSQL\'s fixed special dates: the infinities match nothing, epoch is 1970-01-01', () => {
    for (const text of ['infinity', ' -Infinity']) expect(castFilterValue('date', text)).toEqual({ nothing: true })
    expect(castFilterValue('date', '+infinity')).toEqual({ error: 'invalid input syntax for type date: "+infinity"' })
    expect(castFilterValue('timestamp', 'infinity')).toEqual({ nothing: true })
    expect(castFilterValue('date', 'Epoch')).toEqual({ text: '1970-01-01' })
    expect(castFilterValue('timestamp', 'epoch')).toEqual({ text: '1970-01-01T00:00:00' })
    // those that depend on the clock stay refused
    expect(castFilterValue('date', 'today')).toEqual({ error: 'invalid input syntax for type date: "today"' })
  })

  it('reads booleans as PostgreSQL does, prefixes included', () => {
    for (const text of ['t', 'TRUE', ' yes', 'on', '1', 'tr']) expect(castFilterValue('bool', text)).toEqual({ text: 'true' })
    for (const text of ['f', 'False', 'no', 'OFF', '0', 'of']) expect(castFilterValue('bool', text)).toEqual({ text: 'false' })
  })

  it('leaves text as it is: a text column compares text exactly', () => {
    expect(castFilterValue('text', ' 6.5')).toEqual({ text: ' 6.5' })
    expect(castFilterValue('text', 25)).toEqual({ text: '25' })
  })
})

describe('datastore_search with typed filters', () => {
  const catalog = new Catalog()
  const builder = new TableBuilder([
    { id: 'precipitation', type: 'numeric' },
    { id: 'zip', type: 'int4' },
    { id: 'day', type: 'date' },
  ])
  builder.append({ precipitation: 0, zip: 304926, day: '2012-01-01' })
  builder.append({ precipitation: 9.4, zip: 501, day: '2012-01-02' })
  builder.append({ precipitation: 0, zip: 12, day: '2012-01-03' })
  const table = builder.build()
  catalog.add({ id: 'weather', load: () => table })
  const search = (filters: unknown) => datastoreSearch(catalog, { resource_id: 'weather', filters }, { tokens: [] })

  it('finds the records CKAN finds for a value written as the file writes it', async () => {
    expect(await search({ precipitation: '0.0' })).toMatchObject({ status: 200, body: { result: { total: 2 } } })
    expect(await search({ precipitation: ['9.40', ' 6.5'] })).toMatchObject({ status: 200, body: { result: { total: 1 } } })
    expect(await search({ zip: '0304926' })).toMatchObject({ status: 200, body: { result: { total: 1, records: [{ _id: 1 }] } } })
    expect(await search({ day: '2012-01-02T00:00:00' })).toMatchObject({ status: 200, body: { result: { total: 1, records: [{ _id: 2 }] } } })
    expect(await search({ _id: ' 03' })).toMatchObject({ status: 200, body: { result: { total: 1, records: [{ _id: 3 }] } } })
  })

  it('echoes the filters as they were sent', async () => {
    expect(await search({ precipitation: '0.0' })).toMatchObject({ body: { result: { filters: { precipitation: '0.0' } } } })
  })

  it('refuses a value that cannot be cast with a 409 naming the field and the value', async () => {
    const outcome = await search({ precipitation: '1,5', zip: 'abc' })
    expect(outcome.status).toBe(409)
    expect(outcome.body).toMatchObject({
      error: {
        __type: 'Validation Error',
        filters: [
          'Value "1,5" of field "precipitation" (numeric): invalid input syntax for type numeric: "1,5"',
          'Value "abc" of field "zip" (int4): invalid input syntax for type integer: "abc"',
        ],
      },
    })
  })
})
