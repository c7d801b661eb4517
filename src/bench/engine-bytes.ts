// The engine's memory after the bench's queries, by structure: builds the bench table as `npm run
// bench` does (its engine child), runs every bench query as often as the child does, then prints the
// bytes each structure holds (exact, whatever the machine's load) as a share of the data's text, and
// the resident memory's growth over the text beside the target (that one moves with the machine).
//   node --expose-gc --import tsx src/bench/engine-bytes.ts [records=1000000]
import { readFileSync } from 'node:fs'
import { tableBytes } from '../engine/index.ts'
import { sameAnswer } from './answers.ts'
import { generateBenchRecords, queriesForGeneratedData, textBytesOf, BENCH_FIELDS } from './dataset.ts'
import { createEngineBuilder, createEngineSearch } from './engine-side.ts'
import { memoryDelta, snapshotAfterGc } from './memory.ts'
import { targetsFor } from './targets.ts'
import { timeRepeated } from './timing.ts'

const size = Number(process.argv[2] ?? 1_000_000)
if (!Number.isInteger(size) || size < 1) throw new Error(`engine-bytes.ts: records must be a positive integer, got ${JSON.stringify(process.argv[2])}`)
const MB = 2 ** 20

const before = snapshotAfterGc()
let records = generateBenchRecords(size)
const textBytes = textBytesOf(records)
const builder = createEngineBuilder(BENCH_FIELDS)
for (const record of records) builder.append(record)
const table = builder.build()
records = []
const search = await createEngineSearch(table)
const afterBuild = memoryDelta(before, snapshotAfterGc())
for (const query of queriesForGeneratedData()) await timeRepeated(() => search(query.params), { warmups: 1, runs: 3 }, sameAnswer)
const afterQueries = memoryDelta(before, snapshotAfterGc())

const held = tableBytes(table)
const total = held.reduce((sum, { bytes }) => sum + bytes, 0)
const share = (bytes: number): string => `${((100 * bytes) / textBytes).toFixed(2)}%`
console.info(`engine at ${size.toLocaleString('en-US')} records, text ${textBytes.toLocaleString('en-US')} bytes; held after all bench queries:`)
for (const { structure, bytes } of held) console.info(`  ${structure.padEnd(28)} ${bytes.toLocaleString('en-US').padStart(14)} bytes ${share(bytes).padStart(8)}`)
console.info(`  ${'all of the above'.padEnd(28)} ${total.toLocaleString('en-US').padStart(14)} bytes ${share(total).padStart(8)} (${(total / textBytes).toFixed(3)}x the text)`)
const target = targetsFor(size).memoryPerTextByte
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
console.info(
  `RSS growth / text: after build ${(afterBuild.rssDeltaBytes / textBytes).toFixed(3)}x (${Math.round(afterBuild.rssDeltaBytes / MB)} MB), ` +
    `after all queries ${(afterQueries.rssDeltaBytes / textBytes).toFixed(3)}x (${Math.round(afterQueries.rssDeltaBytes / MB)} MB)` +
    `${target === undefined ? '' : ` (target <= ${target}x)`}; load average ${load}`,
)
