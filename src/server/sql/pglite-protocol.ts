// Messages between the server and its PGlite worker thread (pglite-worker.ts).
import type { FieldInfo, SqlOutcome } from '../../engine/index.ts'

export type WorkerCommand =
  | { type: 'create'; id: string; fields: FieldInfo[] }
  /** Rows in COPY text format. */
  | { type: 'copy'; id: string; text: string }
  | { type: 'finish'; resources: { id: string; isPrivate: boolean; aliases: string[] }[] }
  | { type: 'run'; sql: string; readable: string[]; privileged: boolean; rowsMax: number }

export type WorkerReply =
  | { seq: number; ok: true; outcome?: SqlOutcome }
  | { seq: number; ok: false; message: string }
