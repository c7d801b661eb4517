// Messages between the server and its PGlite worker thread (pglite-worker.ts).
import type { FieldInfo, SqlOutcome } from '../../engine/index.ts'

/** A worker's start data: a fresh cluster's data directory (PGlite's dumpDataDir) to start from instead of running initdb again. */
export interface WorkerStart {
  dataDir?: ArrayBuffer
}

export type WorkerCommand =
  /** The data directory as it is now (taken before any table, as the template for later workers). */
  | { type: 'dump' }
  | { type: 'create'; id: string; fields: FieldInfo[] }
  /** Rows in COPY text format. */
  | { type: 'copy'; id: string; text: string }
  /** After loading `analyze` (none at start): ANALYZE them, and let the reader roles read every resource loaded. */
  | { type: 'finish'; resources: { id: string; isPrivate: boolean; aliases: string[] }[]; analyze: string[] }
  | { type: 'run'; sql: string; readable: string[]; privileged: boolean; rowsMax: number }

export type WorkerReply =
  | { seq: number; ok: true; outcome?: SqlOutcome; dataDir?: ArrayBuffer }
  | { seq: number; ok: false; message: string }
