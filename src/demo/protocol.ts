// The demo worker's wire protocol, shared by the worker (src/demo/worker.ts) and the main-thread
// client (src/demo/worker-client.ts). Requests and responses travel as plain serializable data.

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
}

export interface DemoResourceSummary {
  id: string
  aliases: string[]
  title: string
  isPrivate: boolean
  /** Whether the table is built already (the large one builds on first use). */
  loaded: boolean
  size?: number
  fields?: Array<{ id: string; type: string }>
}

export type ToWorker =
  | { kind: 'request'; id: number; request: SerializedRequest }
  | { kind: 'cancel'; id: number }
  | { kind: 'list'; id: number }
  | { kind: 'addFile'; id: number; file: File }

export type FromWorker =
  | { kind: 'response'; id: number; response: SerializedResponse }
  | { kind: 'resources'; id: number; resources: DemoResourceSummary[] }
  | { kind: 'added'; id: number; resource: DemoResourceSummary }
  | { kind: 'progress'; id: number; progress: LoadProgress }
  | { kind: 'failed'; id: number; message: string }
