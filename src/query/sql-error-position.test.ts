import { describe, expect, it } from 'vitest'
import { describeSqlPosition, sqlErrorPosition, withCharacterPosition, withoutCharacterPosition } from './sql-error-position.ts'

const SQL = `SELECT *\nFROM "courses"\nWHER stage = 'ünï'`

describe('where an SQL error points', () => {
  it('reads a 1-based character position (CKAN info.position, carried with the message)', () => {
    const at = SQL.indexOf('stage') + 1
    const message = withCharacterPosition('syntax error at or near "stage"', at)
    expect(sqlErrorPosition(message, SQL)).toEqual({ line: 3, column: 6, offset: SQL.indexOf('stage') })
    expect(describeSqlPosition({ line: 3, column: 6, offset: 0 })).toBe('line 3, column 6')
    expect(withoutCharacterPosition(message)).toBe('syntax error at or near "stage"')
  })

  it('reads psql’s LINE n: excerpt and caret', () => {
    const message = `syntax error at or near "stage"\nLINE 3: WHER stage = 'ünï'\n             ^`
    expect(sqlErrorPosition(message, SQL)).toEqual({ line: 3, column: 6, offset: SQL.indexOf('stage') })
  })

  it('finds a cut excerpt (...) in its line', () => {
    const line = `${'a, '.repeat(40)}oops bad`
    const sql = `SELECT\n${line}`
    const excerpt = `...${line.slice(60)}`
    const caretAt = 'LINE 2: '.length + excerpt.indexOf('bad')
    const message = `syntax error\nLINE 2: ${excerpt}\n${' '.repeat(caretAt)}^`
    expect(sqlErrorPosition(message, sql)).toMatchObject({ line: 2, column: line.indexOf('bad') + 1 })
  })

  it('counts characters, not UTF-16 units, in columns (an emoji is one column)', () => {
    const sql = `SELECT '😀' x`
    const at = Array.from(sql).indexOf('x') + 1
    expect(sqlErrorPosition(withCharacterPosition('e', at), sql)).toEqual({ line: 1, column: at, offset: sql.indexOf('x') })
  })

  it('gives nothing for a message without a position, or one past the statement', () => {
    expect(sqlErrorPosition('relation "x" does not exist', SQL)).toBeUndefined()
    expect(sqlErrorPosition(withCharacterPosition('e', SQL.length + 5), SQL)).toBeUndefined()
  })
})
