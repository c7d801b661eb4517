// Where in the statement PostgreSQL's message points: the line and column an SQL error is shown at.
// PostgreSQL gives a 1-based character position; clients write it either as psql does (a `LINE n:`
// excerpt with a caret under the spot) or as `at character N` / `position N`. Pure.

export interface SqlPosition {
  /** 1-based. */
  line: number
  /** 1-based, in characters (code points) of that line. */
  column: number
  /** 0-based offset into the statement, in UTF-16 units (for an editor's cursor). */
  offset: number
}

/** The position a message names in `sql`, or undefined when it names none (or one outside the text). */
export function sqlErrorPosition(message: string, sql: string): SqlPosition | undefined {
  return fromCaret(message, sql) ?? fromCharacter(message, sql)
}

/** psql's form: `LINE 2: FROM "x" WHER y` and, on the next line, spaces and a `^` under the spot. */
function fromCaret(message: string, sql: string): SqlPosition | undefined {
  const lines = message.split(/\r?\n/)
  for (let i = 0; i + 1 < lines.length; i++) {
    const head = /^LINE (\d+): /.exec(lines[i])
    const caret = lines[i + 1].indexOf('^')
    if (!head || caret < 0 || lines[i + 1].slice(0, caret).trim() !== '') continue
    const lineNumber = Number(head[1])
    const sqlLines = sql.split('\n')
    const sqlLine = sqlLines[lineNumber - 1]
    if (sqlLine === undefined) return undefined
    let excerpt = Array.from(lines[i].slice(head[0].length))
    let at = caret - head[0].length
    // A long line is cut to an excerpt that begins (and may end) with `...`: find it in the line.
    let start = 0
    if (excerpt.slice(0, 3).join('') === '...') {
      excerpt = excerpt.slice(3)
      at -= 3
      const text = excerpt.join('').replace(/\.\.\.$/, '')
      const found = sqlLine.indexOf(text)
      if (found < 0) return undefined
      start = Array.from(sqlLine.slice(0, found)).length
    }
    const column = start + at + 1
    if (at < 0 || column > [...sqlLine].length + 1) return undefined
    return at0(sqlLines, lineNumber, column)
  }
  return undefined
}

/** `at character 15`, `position 15`: a 1-based character offset into the whole statement. */
function fromCharacter(message: string, sql: string): SqlPosition | undefined {
  const match = /\b(?:at character|position)\s+(\d+)\b/i.exec(message)
  if (!match) return undefined
  const chars = [...sql]
  const index = Number(match[1]) - 1
  if (index < 0 || index > chars.length) return undefined
  const before = chars.slice(0, index).join('')
  const lines = before.split('\n')
  const line = lines.length
  const column = Array.from(lines[lines.length - 1]).length + 1
  return at0(sql.split('\n'), line, column)
}

function at0(sqlLines: string[], line: number, column: number): SqlPosition {
  let offset = 0
  for (let i = 0; i < line - 1; i++) offset += sqlLines[i].length + 1
  offset += Array.from(sqlLines[line - 1]).slice(0, column - 1).join('').length
  return { line, column, offset }
}

const AT_CHARACTER = / \(at character (\d+)\)$/

/**
 * A message with PostgreSQL's 1-based character position written after it (`... (at character 15)`):
 * how a position given apart from the message (CKAN's `info.position`) travels with it.
 */
export function withCharacterPosition(message: string, position: number): string {
  return `${message} (at character ${position})`
}

/** The message without a position `withCharacterPosition` added (the editor says line and column instead). */
export function withoutCharacterPosition(message: string): string {
  return message.replace(AT_CHARACTER, '')
}

/** `line 2, column 7`: how the position is said beside the editor. */
export function describeSqlPosition(position: SqlPosition): string {
  return `line ${position.line}, column ${position.column}`
}
