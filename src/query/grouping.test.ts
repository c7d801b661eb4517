import { describe, expect, it } from 'vitest'
import { DEFAULT_QUERY } from './defaults.ts'
import { groupStatement, sqlName, sqlText } from './group-sql.ts'
import type { Grouping } from './grouping.ts'
import { decodeQuery, encodeLink } from './url-codec.ts'


/** A stand-in for the engine's cast: `x` is refused, `6.5` matches nothing, anything else is its number. */
const cast = (_type: string, text: string) => (text === 'x' ? { error: 'invalid input syntax for type bigint: "x"' } : text === '6.5' ? { nothing: true as const } : { text: String(Number(text)) })

describe('the grouping in the link', () => {
  it('round-trips keys (a date cut too), the measure and the top N after the query', () => {
    const grouping: Grouping = { keys: [{ field: 'opened by', unit: 'month' }, { field: 'x y' }], measure: 'mean', measureField: 'cost per m²', top: 5 }
    const query = { ...DEFAULT_QUERY, resourceId: 'r', q: 'pot' }
    const link = encodeLink(query, grouping)
    expect(link).toBe('resource=r&q=pot&group=opened+by+by+month&group=x+y&measure=mean+cost+per+m%C2%B2&group_top=5')
    const decoded = decodeQuery(link)
    expect(decoded.grouping).toEqual(grouping)
    expect(decoded.ignored).toEqual([])
    expect(decoded.query.q).toBe('pot')
  })

  it('leaves defaults out, and has no grouping without group=', () => {
    expect(encodeLink(DEFAULT_QUERY, { keys: [{ field: 'category' }], measure: 'count', top: 20 })).toBe('group=category')
    expect(decodeQuery('q=a').grouping).toBeUndefined()
    expect(decodeQuery('measure=sum+x').grouping).toBeUndefined()
  })

  it('names what it cannot use', () => {
    const decoded = decodeQuery('group=a&group=b&group=c&measure=median+x&group_top=lots')
    expect(decoded.grouping).toEqual({ keys: [{ field: 'a' }, { field: 'b' }], measure: 'count', top: 20 })
    expect(decoded.ignored.map((item) => item.param)).toEqual(['group', 'measure', 'group_top'])
  })
})

describe('the grouping statement', () => {
  it('quotes names and values, and refuses a NUL in a name', () => {
    expect(sqlName('a"b')).toBe('"a""b"')
    expect(sqlText("it's \\")).toBe("'it''s \\'")
    expect(() => sqlName('a\u0000')).toThrow(RangeError)
  })

  it('is one statement over the resource table with the q and filters of the query', () => {
    const sql = groupStatement('res"1', [{ id: 'kind', type: 'text' }, { id: 'cost', type: 'numeric' }, { id: 'opened', type: 'timestamp' }], {
      q: "O'Brien",
      filters: [{ field: 'kind', values: ["it's"] }, { field: 'cost', values: ['05', '1.5'] }],
    }, { keys: [{ field: 'opened', unit: 'month' }], measure: 'mean', measureField: 'cost', top: 20 })
    expect(sql).toContain('FROM "res""1" WHERE (strpos(lower("kind"), \'o\'\'brien\') > 0 OR ')
    expect(sql).toContain(`"kind" = ANY(ARRAY['it''s']::text[])`)
    expect(sql).toContain(`"cost" = ANY(ARRAY['05', '1.5']::numeric[])`)
    expect(sql).toContain(`to_char(date_trunc('month', "opened"), 'YYYY-MM') AS k0`)
    expect(sql.split(';')).toHaveLength(1)
  })

  it('reads filter values through the cast it is given: nothing matches what no cell holds, a refused value is refused', () => {
    const grouping = { keys: [{ field: 'n' }], measure: 'count' as const, top: 20 }
    expect(groupStatement('r', [{ id: 'n', type: 'int4' }], { q: '', filters: [{ field: 'n', values: ['05'] }] }, grouping, cast)).toContain(`"n" = ANY(ARRAY['5']::int8[])`)
    expect(groupStatement('r', [{ id: 'n', type: 'int4' }], { q: '', filters: [{ field: 'n', values: ['6.5'] }] }, grouping, cast)).toContain('WHERE FALSE')
    expect(() => groupStatement('r', [{ id: 'n', type: 'int4' }], { q: '', filters: [{ field: 'n', values: ['x'] }] }, grouping, cast)).toThrow(/invalid input syntax/)
  })
})
