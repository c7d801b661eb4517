import { describe, expect, it } from 'vitest'
import { defaultQuery } from '../../query/defaults.ts'
import type { QueryState } from '../../query/types.ts'
import { REQUEST_BUDGET, serverFacts, type SummarySend } from './live-facts.ts'

type Row = Record<string, string | number | null>

/**
 * A small model of `datastore_search` for the parameters the planner sends (filters, sort with
 * nulls, distinct, offset, limit, fields): `limitFirst` is CKAN <= 2.11, which cuts the rows before
 * DISTINCT. Text orders by code point here, which is all these tests need.
 */
function modelServer(rows: Row[], options: { limitFirst?: boolean; refuseDistinct?: boolean } = {}) {
  const log: Record<string, unknown>[] = []
  const send: SummarySend = async (query, extra) => {
    const params = Object.fromEntries(extra)
    log.push({ filters: query.filters, fields: query.fields, limit: query.limit, offset: query.offset, ...params })
    if (params.distinct && options.refuseDistinct) throw new Error('409 distinct')
    let matched = rows.filter((row) => query.filters.every((clause) => clause.values.some((value) => row[clause.field] !== null && String(row[clause.field]) === value)))
    const sort = typeof params.sort === 'string' ? /^(\S+) (asc|desc)( nulls last)?$/.exec(params.sort) : null
    if (sort) {
      const [, field = '', direction, nullsLast] = sort
      const sign = direction === 'desc' ? -1 : 1
      const nullRank = nullsLast || direction === 'asc' ? 1 : -1
      matched = matched.toSorted((a, b) => {
        const x = a[field] ?? null
        const y = b[field] ?? null
        if (x === null || y === null) return x === y ? 0 : x === null ? nullRank : -nullRank
        return (x < y ? -1 : x > y ? 1 : 0) * sign
      })
    }
    const project = (row: Row) => (query.fields ? Object.fromEntries(query.fields.map((field) => [field, row[field] ?? null])) : row)
    const unique = (list: Row[]) => [...new Map(list.map((row) => [JSON.stringify(project(row)), project(row)])).values()]
    const offset = query.offset
    const limit = query.limit ?? 100
    if (params.distinct) {
      const records = options.limitFirst ? unique(matched.slice(offset, offset + limit)) : unique(matched).slice(offset, offset + limit)
      return { records, total: unique(matched).length }
    }
    return { records: matched.slice(offset, offset + limit).map(project), total: matched.length }
  }
  return { send, log }
}

const query = (overrides: Partial<QueryState> = {}): QueryState => ({ ...defaultQuery(), source: 'live', baseUrl: 'http://x/data', resourceId: 'r', ...overrides })

const STAGES = ['active', 'active', 'closed', 'active', '', null, 'draft', 'closed', 'active', null]
const stageRows = STAGES.map((stage, i) => ({ stage, amount: i % 4 === 0 ? null : i * 10, name: `n${i}` }))

describe('serverFacts', () => {
  it('counts each value of a field with few values exactly, nulls from the matching total', async () => {
    const server = modelServer(stageRows)
    const facts = await serverFacts('stage', 'text', { query: query(), matching: 10, send: server.send })
    expect(facts.values?.map(({ text, count }) => [text, count])).toEqual([['active', 4], ['closed', 2], ['draft', 1]])
    expect([facts.distinct, facts.empty, facts.requests]).toEqual([3, 3, 4])
    expect(server.log[0]).toMatchObject({ distinct: true, include_total: true, fields: ['stage'], limit: 21, sort: 'stage asc nulls last' })
  })

  it('keeps the query\'s filters in every count, the value replacing a filter on the same field', async () => {
    const server = modelServer(stageRows)
    const filters = [{ field: 'stage', values: ['active', 'draft'] }]
    const facts = await serverFacts('stage', 'text', { query: query({ filters, q: '' }), matching: 5, send: server.send })
    expect(facts.values?.map(({ text, count }) => [text, count])).toEqual([['active', 4], ['draft', 1]])
    expect(server.log.slice(1).map((entry) => entry.filters)).toEqual([[{ field: 'stage', values: ['active'] }], [{ field: 'stage', values: ['draft'] }]])
  })

  it('asks for the matching total when nulls exist and the search gave none', async () => {
    const facts = await serverFacts('stage', 'text', { query: query(), send: modelServer(stageRows).send })
    expect([facts.empty, facts.matching]).toEqual([3, 10])
  })

  it('gives min and max of a number field with few values from its counted values', async () => {
    const rows = [3, 1, null, 2, 1].map((n) => ({ n }))
    const facts = await serverFacts('n', 'number', { query: query(), matching: 5, send: modelServer(rows).send })
    expect(facts.range).toEqual({ min: 1, max: 3 })
    expect([facts.distinct, facts.empty]).toEqual([3, 1])
  })

  it('with more than 20 values: distinct count, min, max and whether nulls exist, in at most 3 requests', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ n: i % 3 === 0 ? null : i }))
    const server = modelServer(rows)
    const facts = await serverFacts('n', 'number', { query: query(), matching: 60, send: server.send })
    expect(facts).toEqual({ requests: 3, distinct: 40, range: { min: 1, max: 59 } })
    expect(facts.values).toBeUndefined()
  })

  it('subtracts "" from the distinct count of a text field with many values', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ t: i === 0 ? '' : `v${String(i).padStart(2, '0')}` }))
    const facts = await serverFacts('t', 'text', { query: query(), matching: 30, send: modelServer(rows).send })
    expect(facts.distinct).toBe(29)
  })

  it('under CKAN <= 2.11 (limit before DISTINCT) jumps past counted rows until every value is known', async () => {
    const rows = [...Array(50).fill('a'), ...Array(30).fill('b'), ...Array(5).fill('c'), null, null].map((t) => ({ t }))
    const server = modelServer(rows.toReversed(), { limitFirst: true })
    const facts = await serverFacts('t', 'text', { query: query(), matching: 87, send: server.send })
    expect(facts.values?.map(({ text, count }) => [text, count])).toEqual([['a', 50], ['b', 30], ['c', 5]])
    expect([facts.distinct, facts.empty]).toEqual([3, 2])
    expect(facts.requests).toBeLessThanOrEqual(REQUEST_BUDGET)
  })

  it('under CKAN <= 2.11 never takes the one distinct row a short first answer left out for the empty one', async () => {
    // airports with state CA or TX: the first 21 rows sorted by state are all CA; TX is the other row.
    const rows = [...Array(209).fill('TX'), ...Array(205).fill('CA')].map((state) => ({ state }))
    const server = modelServer(rows, { limitFirst: true })
    const filters = [{ field: 'state', values: ['CA', 'TX'] }]
    const facts = await serverFacts('state', 'text', { query: query({ filters }), matching: 414, send: server.send })
    expect(facts.values?.map(({ text, count }) => [text, count])).toEqual([['TX', 209], ['CA', 205]])
    expect([facts.distinct, facts.empty]).toEqual([2, 0])
  })

  it('counts 20 values under CKAN <= 2.11 within the request budget (a jump reads many rows at once)', async () => {
    const rows = Array.from({ length: 20 }, (_, v) => Array.from({ length: 40 }, () => ({ t: `v${String(v).padStart(2, '0')}` }))).flat()
    let requests = 0
    const server = modelServer(rows, { limitFirst: true })
    const facts = await serverFacts('t', 'text', { query: query(), matching: 800, send: (q, e) => (requests++, server.send(q, e)) })
    expect(requests).toBeLessThanOrEqual(REQUEST_BUDGET)
    expect(facts.requests).toBe(requests)
    expect(facts.distinct).toBe(20)
    expect(facts.values?.every((value) => value.count === 40)).toBe(true)
  })

  it('fails when the server refuses distinct, so the caller can fall back to the loaded records', async () => {
    await expect(serverFacts('stage', 'text', { query: query(), send: modelServer(stageRows, { refuseDistinct: true }).send })).rejects.toThrow('409 distinct')
  })
})
