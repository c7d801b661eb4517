// Incremental CSV row reader: text arrives in chunks, complete rows come out with their line
// numbers. Parsing is papaparse's (quotes, escaped quotes, embedded newlines); this module adds the
// chunking, newline detection and line bookkeeping that papaparse's own streamers do not expose
// for arbitrary (worker or Node) text streams.
import Papa from 'papaparse'

export interface CsvRow {
  cells: string[]
  /** 1-based line on which the row starts. */
  line: number
}

/** A problem in the CSV text itself, with the line it was found on. */
export class CsvSyntaxError extends Error {
  readonly line: number
  constructor(message: string, line: number) {
    super(message)
    this.name = 'CsvSyntaxError'
    this.line = line
  }
}

type Newline = '\n' | '\r\n' | '\r'

interface PapaError {
  code: string
  row: number
}

interface PapaChunkResult {
  data: string[][]
  errors: PapaError[]
  meta: { cursor: number }
}

function detectNewline(text: string): Newline | undefined {
  const lf = text.indexOf('\n')
  const cr = text.indexOf('\r')
  if (lf === -1 && cr === -1) return undefined
  if (cr !== -1 && (lf === -1 || cr < lf)) {
    if (cr === text.length - 1) return undefined // "\r" at a chunk's end: wait to see if "\n" follows
    return text[cr + 1] === '\n' ? '\r\n' : '\r'
  }
  return '\n'
}

function countOccurrences(text: string, char: string): number {
  let count = 0
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) count++
  return count
}

export class CsvRowReader {
  private pending = ''
  private parser: Papa.Parser | undefined
  private newline: Newline = '\n'
  private nextLine = 1
  private started = false

  /** Feeds a chunk of text; returns the rows it completed. */
  push(text: string): CsvRow[] {
    if (!this.started) {
      this.started = true
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
    }
    this.pending += text
    if (this.parser === undefined) {
      const newline = detectNewline(this.pending)
      if (newline === undefined) return []
      this.startParser(newline)
    }
    return this.parse(false)
  }

  /** Signals the end of the text; returns the remaining rows. */
  end(): CsvRow[] {
    if (this.parser === undefined) this.startParser(detectNewline(this.pending + '\n') ?? '\n')
    return this.parse(true)
  }

  /** The line the not yet completed text has reached (for errors found outside the parser). */
  currentLine(): number {
    return this.nextLine + countOccurrences(this.pending, this.newline === '\r' ? '\r' : '\n')
  }

  private startParser(newline: Newline): void {
    this.newline = newline
    this.parser = new Papa.Parser({ delimiter: ',', newline, quoteChar: '"' })
  }

  private parse(isLast: boolean): CsvRow[] {
    const parser = this.parser
    if (parser === undefined || this.pending === '') return []
    const result = parser.parse(this.pending, 0, !isLast) as PapaChunkResult
    this.pending = isLast ? '' : this.pending.slice(result.meta.cursor)
    const rows: CsvRow[] = []
    const lineChar = this.newline === '\r' ? '\r' : '\n'
    for (const cells of result.data) {
      const line = this.nextLine
      let embedded = 0
      for (const cell of cells) if (cell.indexOf(lineChar) !== -1) embedded += countOccurrences(cell, lineChar)
      this.nextLine += 1 + embedded
      // A file whose first line ends in "\n" may still have "\r\n" lines further down.
      if (this.newline === '\n') {
        const last = cells.length - 1
        if (cells[last].endsWith('\r')) cells[last] = cells[last].slice(0, -1)
      }
      rows.push({ cells, line })
    }
    const error = result.errors.find((candidate) => candidate.row < rows.length)
    if (error !== undefined) throw quoteError(error, rows[error.row].line)
    // An error on the row papaparse held back (incomplete) is re-detected once the row is complete.
    if (isLast && result.errors.length > 0) throw quoteError(result.errors[0], this.nextLine)
    return rows
  }
}

function quoteError(error: PapaError, line: number): CsvSyntaxError {
  if (error.code === 'MissingQuotes') {
    return new CsvSyntaxError(`line ${line}: a quoted value is never closed (missing closing quote)`, line)
  }
  return new CsvSyntaxError(
    `line ${line}: malformed quotes (a quote that closes a value must be followed by a comma or the end of the line; write a quote inside a quoted value as "")`,
    line,
  )
}
