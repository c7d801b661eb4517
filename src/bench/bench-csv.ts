// The generated resource as a CSV file (the bench's load figures, the server start figure, the UI
// bench's own-file figures, the PostgreSQL bench): written once per size into .bench-cache/ and reused.
import { closeSync, existsSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import { DEFAULT_RECORD_COUNT, GENERATED_FIELDS, generateTexts } from '../demo/generator.ts'

/** A cell as CSV writes it: quoted when it holds a comma, a quote or a line break. */
function csvCell(text: string | null): string {
  if (text === null) return ''
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** Writes the generated records of `count` to `path` (unless it exists); resolves with the path. */
export async function writeGeneratedCsv(path: string, count: number = DEFAULT_RECORD_COUNT): Promise<string> {
  if (existsSync(path)) return path
  mkdirSync(dirname(path), { recursive: true })
  const partial = `${path}.partial`
  // written a batch at a time as the generator goes, so the file's text is never all in memory
  const out = openSync(partial, 'w')
  try {
    let batch = `${GENERATED_FIELDS.map((field) => field.id).join(',')}\n`
    generateTexts({ count }, (texts) => {
      batch += `${texts.map(csvCell).join(',')}\n`
      if (batch.length >= 1 << 20) {
        writeSync(out, batch)
        batch = ''
      }
    })
    writeSync(out, batch)
  } finally {
    closeSync(out)
  }
  renameSync(partial, path)
  return path
}
