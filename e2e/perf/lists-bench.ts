// records_format lists against objects on a 32,000 x 50 answer (the end-to-end fault server's, same
// records in both formats), run by hand: `npx tsx e2e/perf/lists-bench.ts`. Prints the bytes (raw and
// gzip) and the time to parse each with the explorer's one response parser (JSON.parse, validation
// and, for lists, the rebuild into records), then to turn the records into the columns the worker
// hands the page. Medians of several runs, in Node (V8, as in Chromium's worker).
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import { parseResponse } from '../../src/api/parse-response.ts'
import { toColumns } from '../../src/api/record-columns.ts'
import { wideAnswer, WIDE_FIELDS, WIDE_RECORDS } from '../fixtures/fault-server.ts'

const RUNS = 7

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`
const ms = (value: number) => `${value.toFixed(0)} ms`

function measure(format: 'objects' | 'lists') {
  const body = wideAnswer(format)
  const raw = { status: 200, statusText: 'OK', headers: [['content-type', 'application/json']] as [string, string][], bodyText: body, elapsedMs: 0 }
  const parse: number[] = []
  const columns: number[] = []
  let first: unknown
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now()
    const outcome = parseResponse(raw)
    const parsed = performance.now()
    if (!outcome.ok) throw new Error(outcome.error.message)
    toColumns(outcome.result.records, outcome.result.fields.map((field) => field.id))
    columns.push(performance.now() - parsed)
    parse.push(parsed - started)
    first ??= outcome.result.records[WIDE_RECORDS - 1]
  }
  return { bytes: Buffer.byteLength(body), gzip: gzipSync(body).length, parseMs: median(parse), columnsMs: median(columns), last: first }
}

const objects = measure('objects')
const lists = measure('lists')
if (JSON.stringify(objects.last) !== JSON.stringify(lists.last)) throw new Error('lists and objects parsed to different records')

console.info(`records_format on ${WIDE_RECORDS.toLocaleString('en-US')} x ${WIDE_FIELDS} (Node ${process.version}, load average ${loadavg().map((v) => v.toFixed(2)).join(' ')}; medians of ${RUNS})`)
for (const [name, figures] of [['objects', objects], ['lists', lists]] as const) {
  console.info(
    `${name.padEnd(7)}: ${mb(figures.bytes)} (${mb(figures.gzip)} gzip); parse + validate${name === 'lists' ? ' + rebuild' : ''} ${ms(figures.parseMs)}; records -> columns ${ms(figures.columnsMs)}`,
  )
}
console.info(
  `lists / objects: ${((lists.bytes / objects.bytes) * 100).toFixed(0)}% of the bytes (${((lists.gzip / objects.gzip) * 100).toFixed(0)}% gzipped), ` +
    `${((lists.parseMs / objects.parseMs) * 100).toFixed(0)}% of the parse time`,
)
