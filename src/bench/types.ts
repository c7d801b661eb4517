// Shapes shared by the bench's parent process, its measuring children and the report.

export type QueryId = 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'Q5' | 'Q6' | 'Q7'

/** The `datastore_search` parameters a bench query sends (`resource_id` is added by the engine side). */
export interface SearchParams {
  limit: number
  q?: string
  filters?: Record<string, string | string[]>
  include_total: boolean
}

/** What both sides must agree on: the returned `_id`s in order, and the total when one was asked for. */
export interface Answer {
  ids: number[]
  total: number | undefined
}

export interface Timing {
  medianMs: number
  minMs: number
  maxMs: number
  runs: number
}

export type Contender = 'engine' | 'naive'

export interface QueryMeasurement {
  id: QueryId
  answer: Answer
  timing: Timing
  /** The first (untimed) run: includes whatever the contender builds lazily on first use. */
  firstRunMs: number
}

export interface MemoryFigures {
  /** Process RSS after the build (source rows dropped, GC run) minus RSS before the data was generated. */
  rssDeltaBytes: number
  /** The same for the JS heap (`heapUsed`). */
  heapDeltaBytes: number
  /** Highest RSS of the process so far, which includes the generated source rows. */
  peakRssBytes: number
}

/** Everything one child process measured for one contender at one size. */
export interface ContenderResult {
  contender: Contender
  size: number
  generateMs: number
  buildMs: number
  /** Sum of the text lengths of every field, `_id` included, as the anchors counted them. */
  textBytes: number
  /** Right after the build. */
  memory: MemoryFigures
  /** After every query ran once or more: includes indexes the contender builds lazily on first use. */
  memoryAfterQueries: MemoryFigures
  queries: QueryMeasurement[]
}

export interface RunSettings {
  warmups: number
  runs: number
}
