// One contender at one size, measured in a process of its own so that its memory figures start clean:
// generate the rows, build (timed), drop the rows, GC, take memory, then time every bench query.
import { sameAnswer } from './answers.ts'
import { buildContender } from './contenders.ts'
import { generateBenchRecords, queriesForGeneratedData, textBytesOf } from './dataset.ts'
import { memoryDelta, snapshotAfterGc } from './memory.ts'
import { timeRepeated } from './timing.ts'
import type { Contender, ContenderResult, QueryMeasurement, RunSettings } from './types.ts'

export async function measureContender(
  contender: Contender,
  size: number,
  settings: RunSettings,
  log: (line: string) => void,
): Promise<ContenderResult> {
  const label = `[${contender} ${size.toLocaleString('en-US')}]`
  const before = snapshotAfterGc()

  log(`${label} generating records`)
  let started = performance.now()
  let records = generateBenchRecords(size)
  const generateMs = performance.now() - started
  const textBytes = textBytesOf(records)

  log(`${label} building (generated in ${Math.round(generateMs)} ms)`)
  started = performance.now()
  const search = await buildContender(contender, records)
  const buildMs = performance.now() - started
  records = []

  const memory = memoryDelta(before, snapshotAfterGc())
  log(`${label} built in ${Math.round(buildMs)} ms, RSS +${Math.round(memory.rssDeltaBytes / 2 ** 20)} MB`)

  const queries: QueryMeasurement[] = []
  for (const query of queriesForGeneratedData()) {
    const { result, timing, firstRunMs } = await timeRepeated(() => search(query.params), settings, sameAnswer)
    queries.push({ id: query.id, answer: result, timing, firstRunMs })
    log(`${label} ${query.id} median ${timing.medianMs.toFixed(3)} ms`)
  }
  const memoryAfterQueries = memoryDelta(before, snapshotAfterGc())
  return { contender, size, generateMs, buildMs, textBytes, memory, memoryAfterQueries, queries }
}
