// The generated resource as a CSV file (the bench's load figures, the server start figure, the UI
// bench's own-file figures): written once per size into .bench-cache/ and reused.
import { createWriteStream, existsSync, renameSync } from 'node:fs'
import { DEFAULT_RECORD_COUNT, GENERATED_FIELDS, generateTexts } from '../demo/generator.ts'

/** A cell as CSV writes it: quoted when it holds a comma, a quote or a line break. */
function csvCell(text: string | null): string {
  if (text === null) return ''
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** Writes the generated records of `count` to `path` (unless it exists); resolves with the path. */
export async function writeGeneratedCsv(path: string, count: number = DEFAULT_RECORD_COUNT): Promise<string> {
  if (existsSync(path)) return path
  const partial = `${path}.partial`
  const lines: string[] = []
  generateTexts({ count }, (texts) => {
    lines.push(texts.map(csvCell).join(','))
  })
  const out = createWriteStream(partial)
  out.write(`${GENERATED_FIELDS.map((field) => field.id).join(',')}\n`)
  for (let at = 0; at < lines.length; at += 10_000) {
    if (!out.write(`${lines.slice(at, at + 10_000).join('\n')}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())))
  renameSync(partial, path)
  return path
}
