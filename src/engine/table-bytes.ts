// What a loaded table holds, by structure, in exact bytes (text a byte a character): the table's own
// arrays and what searches made for it (lowercase copies, skip bits). For the bench's memory figures,
// which do not depend on the machine's load as resident memory does.
import { lowerTextBytes } from './lower-text.ts'
import { asStoredTable, type Table } from './table.ts'
import { skipBitsBytes } from './trigram-index.ts'

export interface HeldBytes {
  structure: string
  bytes: number
}

export function tableBytes(table: Table): HeldBytes[] {
  const stored = asStoredTable(table)
  const sum = (of: (chunk: (typeof stored.chunks)[number]) => number): number => stored.chunks.reduce((total, chunk) => total + of(chunk), 0)
  return [
    ...stored.heldBytes(),
    { structure: 'lowercase copies (q)', bytes: sum(lowerTextBytes) },
    { structure: 'trigram skip bits', bytes: sum(skipBitsBytes) },
  ]
}
