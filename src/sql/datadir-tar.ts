// PGlite's data directory as the demo ships it (a tar of an initialised cluster, loaded with
// `loadDataDir`). PGlite connects to the `postgres` database only, so the two template databases
// (template1 and template0, whose files are `base/1/` and `base/4/`) are left out: 60% of the
// directory's files and 14 of its 39 MB that the browser would otherwise unpack into memory at every
// start. Nothing in the demo creates a database, the one thing that reads a template.
// Plain tar (ustar, as PGlite writes it): 512-byte headers, each entry's data padded to 512 bytes.

/** The template databases' directories (fixed OIDs since PostgreSQL 15). */
const TEMPLATE_DIRECTORIES = /^\/?base\/(1|4)(\/|$)/

const BLOCK = 512

function text(bytes: Uint8Array): string {
  const end = bytes.indexOf(0)
  return new TextDecoder().decode(end < 0 ? bytes : bytes.subarray(0, end))
}

/** The entries' names and the tar without the template databases. */
export function withoutTemplateDatabases(tar: Uint8Array): { tar: Uint8Array<ArrayBuffer>; kept: string[]; dropped: string[] } {
  const parts: Uint8Array[] = []
  const kept: string[] = []
  const dropped: string[] = []
  let offset = 0
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK)
    if (header.every((byte) => byte === 0)) break
    const type = String.fromCharCode(header[156] ?? 0)
    if (type === 'L' || type === 'x' || type === 'g') throw new Error(`unexpected tar entry type ${type}: only plain ustar entries are read`)
    const prefix = text(header.subarray(345, 500))
    const name = prefix === '' ? text(header.subarray(0, 100)) : `${prefix}/${text(header.subarray(0, 100))}`
    const size = Number.parseInt(text(header.subarray(124, 136)).trim() || '0', 8)
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK
    if (TEMPLATE_DIRECTORIES.test(name)) dropped.push(name)
    else {
      kept.push(name)
      parts.push(tar.subarray(offset, end))
    }
    offset = end
  }
  // the end of the archive: two empty blocks
  parts.push(new Uint8Array(BLOCK * 2))
  const out = new Uint8Array(new ArrayBuffer(parts.reduce((sum, part) => sum + part.length, 0)))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return { tar: out, kept, dropped }
}
