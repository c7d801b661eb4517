import { useDeferredValue, useMemo } from 'react'
import type { DatastoreField, DatastoreRecord } from '../api/parse-response.ts'
import type { StatusSummary } from '../features/status/status-text.ts'
import type { QueryState } from '../query/types.ts'
import type { SearchData } from './search-types.ts'

/** What the page says about one answer: the status line, the grid's columns and rows, the pager's range. */
export interface AnswerView {
  status: StatusSummary
  data: SearchData | undefined
  /** The grid's columns (with the resource's labels). */
  fields: readonly DatastoreField[]
  /** The records in display order. */
  records: readonly DatastoreRecord[]
  /** The query they answer (page, sort). */
  query: QueryState
  /** The total is still being counted. */
  counting: boolean
  /** The records are the previous page's while this one loads. */
  pending: boolean
}

/**
 * Answers of more cells than this are drawn as deferred work. A smaller one is drawn in the task that
 * brought it: deferring it only added a render of the page with the previous answer and a task hop
 * before the one the user waits for (a warm SQL statement's answer of 8 rows came a frame later).
 */
const DEFERRED_CELLS = 20_000

/**
 * The answer as the page shows it. A large new answer is drawn as deferred work, which React renders
 * in slices that let input and painting in between (a 32,000 x 50 answer's first rows were one task of
 * 50-70 ms), and the status and pager come in the same render as the rows: everything the page says
 * about an answer describes the one whose rows are on screen, at every frame (the status said
 * "Showing 2,000" while the grid still showed the previous page when only the grid was deferred).
 * `drawing`: a newer answer's rows are being drawn, the ones on screen are the previous answer's.
 */
export function useShownAnswer(latest: AnswerView): { shown: AnswerView; drawing: boolean } {
  const { status, data, fields, records, query, counting, pending } = latest
  // One object while nothing in it changes: a keystroke in the form defers nothing.
  const answer = useMemo(() => ({ status, data, fields, records, query, counting, pending }), [status, data, fields, records, query, counting, pending])
  const deferred = useDeferredValue(answer)
  const shown = records.length * Math.max(fields.length, 1) > DEFERRED_CELLS ? deferred : answer
  return { shown, drawing: shown.records !== answer.records || shown.fields !== answer.fields }
}
