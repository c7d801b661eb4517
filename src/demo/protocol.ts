// The demo worker's wire protocol, shared by the worker (its entry wires worker-host.ts to the
// worker global) and the main-thread client (src/demo/worker-client.ts). Requests and responses
// travel as plain serializable data.
import type { FieldInfo, GroupOptions, GroupRequest, GroupResult, RecordObject, ResourceSummary, SummaryRequest, TableSummary } from '../engine/index.ts'

/** An HTTP request as the worker receives it. */
export interface SerializedRequest {
  method: string
  url: string
  headers: [string, string][]
  body?: string
}

/** The engine's HTTP answer, exactly as a live server would have sent it. */
export interface SerializedResponse {
  status: number
  statusText: string
  headers: [string, string][]
  body: string
}

/** Progress while a resource loads: the generated one (records) or an added file (bytes). */
export interface LoadProgress {
  resourceId: string
  title: string
  done: number
  total: number
  /** Records generated, or bytes of an added file read (the worker always sets it). */
  unit?: 'records' | 'bytes'
  /**
   * Sent once while an added file loads (done and total then mean nothing): the part read so far can
   * be searched already; answers say their total is estimated until the load ends.
   */
  queryable?: true
}

/** The engine's summary answer: `datastoreSummary`'s status and envelope (a `TableSummary` result, or an error). */
export interface SummaryReply {
  status: number
  body: unknown
}

/** A demo resource as the worker lists it: the engine catalog's own summary (plain data, cloneable). */
export type DemoResourceSummary = ResourceSummary

export type ToWorker =
  | { kind: 'request'; id: number; request: SerializedRequest }
  /** Like `request`, but the answer is read in the worker by the reader it was started with (see AnswerReader). */
  | { kind: 'read'; id: number; request: SerializedRequest; context: unknown }
  | { kind: 'cancel'; id: number }
  | { kind: 'list'; id: number }
  | { kind: 'addFile'; id: number; file: File }
  | { kind: 'summarize'; id: number; request: SummaryRequest }
  /** The engine's summary of records on hand (e.g. a live page), off the main thread. */
  | { kind: 'summarizeRecords'; id: number; fields: FieldInfo[]; records: RecordObject[] }
  /** The engine's grouping of a resource's matching records (`datastoreGroup`). */
  | { kind: 'group'; id: number; request: GroupRequest }
  /** The engine's grouping of records on hand (a live page), off the main thread. */
  | { kind: 'groupRecords'; id: number; fields: FieldInfo[]; records: RecordObject[]; request: GroupOptions }

export type FromWorker =
  | { kind: 'response'; id: number; response: SerializedResponse }
  /** A piece of a `read` answer, posted before it (its buffers transferred), each alone so none takes long to receive. */
  | { kind: 'part'; id: number; part: unknown }
  /** What the reader made of the engine's answer, after its parts. */
  | { kind: 'read'; id: number; answer: unknown }
  | { kind: 'summary'; id: number; reply: SummaryReply }
  | { kind: 'recordsSummary'; id: number; summary: TableSummary }
  /** `datastoreGroup`'s status and envelope (a `GroupResult` result, or an error). */
  | { kind: 'grouped'; id: number; reply: SummaryReply }
  | { kind: 'recordsGrouped'; id: number; result: GroupResult }
  | { kind: 'resources'; id: number; resources: DemoResourceSummary[] }
  | { kind: 'added'; id: number; resource: DemoResourceSummary }
  | { kind: 'progress'; id: number; progress: LoadProgress }
  | { kind: 'failed'; id: number; message: string }

/**
 * Reads the engine's answer inside the worker (the worker's entry supplies it: the demo knows no
 * parser): posts parts as it goes and returns the rest. The page gets exactly what it returns.
 */
export type AnswerReader = (response: SerializedResponse, context: unknown, postPart: (part: unknown, transfer: Transferable[]) => void) => unknown
