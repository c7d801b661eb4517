// PGlite's data directory as the demo ships it (a tar of an initialised cluster, loaded with
// `loadDataDir`), cut to what PostgreSQL reads when it starts from it:
// - no template databases: PGlite connects to the `postgres` database only, so template1 and template0
//   (whose files are `base/1/` and `base/4/`) are left out: 60% of the directory's files and 14 of its
//   39 MB that the browser would otherwise unpack into memory at every start. Nothing in the demo creates
//   a database, the one thing that reads a template.
// - one write-ahead log segment: the one holding the last checkpoint (named in `global/pg_control`), where
//   the start reads. The segments past it are old ones initdb's checkpoints renamed for reuse: PostgreSQL
//   makes a missing one when it gets there. Each is a whole segment (16 MB at initdb's default; the
//   script that makes the directory asks initdb for 1 MB ones, `DATADIR_INITDB_ARGS`).
// Plain tar (ustar, as PGlite writes it): 512-byte headers, each entry's data padded to 512 bytes.

/** initdb's arguments for the shipped data directory: the smallest write-ahead log segments (1 MB). */
export const DATADIR_INITDB_ARGS: readonly string[] = ['--wal-segsize=1']

/** The template databases' directories (fixed OIDs since PostgreSQL 15). */
const TEMPLATE_DIRECTORIES = /^\/?base\/(1|4)(\/|$)/

/** A write-ahead log segment: timeline, then the segment number as two 8-digit hex halves. */
const WAL_SEGMENT = /^\/?pg_wal\/([0-9A-F]{8})([0-9A-F]{8})([0-9A-F]{8})$/

const CONTROL_FILE = /^\/?global\/pg_control$/

/** Where ControlFileData keeps the last checkpoint's location (after the system identifier, two versions and the state and its time). */
const CHECKPOINT_OFFSET = 32

const BLOCK = 512

function text(bytes: Uint8Array): string {
  const end = bytes.indexOf(0)
  return new TextDecoder().decode(end < 0 ? bytes : bytes.subarray(0, end))
}

interface Entry {
  name: string
  size: number
  /** The entry, header and padded data. */
  bytes: Uint8Array
  data: Uint8Array
}

function entries(tar: Uint8Array): Entry[] {
  const list: Entry[] = []
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
    list.push({ name, size, bytes: tar.subarray(offset, end), data: tar.subarray(offset + BLOCK, offset + BLOCK + size) })
    offset = end
  }
  return list
}

/** The number of the segment holding the last checkpoint record, and the segment size; undefined without a control file or segments. */
function checkpointSegment(list: Entry[]): { segment: bigint; segmentSize: number } | undefined {
  const control = list.find((entry) => CONTROL_FILE.test(entry.name))
  const segmentSize = list.find((entry) => WAL_SEGMENT.test(entry.name))?.size
  if (control === undefined || control.size < CHECKPOINT_OFFSET + 8 || segmentSize === undefined || segmentSize === 0) return undefined
  // PGlite is WebAssembly: its files are little-endian
  const checkpoint = new DataView(control.data.buffer, control.data.byteOffset, control.data.byteLength).getBigUint64(CHECKPOINT_OFFSET, true)
  return { segment: checkpoint / BigInt(segmentSize), segmentSize }
}

function segmentNumber(name: string, segmentSize: number): bigint | undefined {
  const match = WAL_SEGMENT.exec(name)
  if (match === null) return undefined
  const perLogId = 0x1_0000_0000n / BigInt(segmentSize)
  return BigInt(`0x${match[2]}`) * perLogId + BigInt(`0x${match[3]}`)
}

/** The entries' names and the tar without the template databases and the write-ahead log segments past the last checkpoint's. */
export function shippedDataDirectory(tar: Uint8Array): { tar: Uint8Array<ArrayBuffer>; kept: string[]; dropped: string[] } {
  const list = entries(tar)
  const checkpoint = checkpointSegment(list)
  const parts: Uint8Array[] = []
  const kept: string[] = []
  const dropped: string[] = []
  for (const entry of list) {
    const segment = checkpoint === undefined ? undefined : segmentNumber(entry.name, checkpoint.segmentSize)
    if (TEMPLATE_DIRECTORIES.test(entry.name) || (segment !== undefined && checkpoint !== undefined && segment > checkpoint.segment)) dropped.push(entry.name)
    else {
      kept.push(entry.name)
      parts.push(entry.bytes)
    }
  }
  if (checkpoint !== undefined && !list.some((entry) => segmentNumber(entry.name, checkpoint.segmentSize) === checkpoint.segment)) {
    throw new Error('the data directory has no write-ahead log segment holding its last checkpoint')
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
