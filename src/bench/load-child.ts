// Entry of the load-measuring child: `load-child.ts <file.csv> <out.json>`, under `node --expose-gc
// --import tsx`. In a fresh process: loads the CSV file as `npm run api --resource` and the demo
// worker do (time to the first searchable prefix, to the whole table, peak RSS, RSS after GC), runs
// Q2 and Q3 once right after (cold: no index built yet), then builds the generated resource from the
// generator's texts (the demo's path) and times that too.
import { openAsBlob, statSync, writeFileSync } from 'node:fs'
import { buildGeneratedTable } from '../demo/generator.ts'
import { loadDataFile } from '../demo/load-file.ts'
import { createEngineSearch } from './engine-side.ts'
import { snapshotAfterGc } from './memory.ts'
import { queriesForGeneratedData } from './dataset.ts'

export interface LoadFigures {
  fileBytes: number
  records: number
  firstPrefixMs: number
  loadMs: number
  peakRssBytes: number
  rssDeltaBytes: number
  coldQ2Ms: number
  coldQ3Ms: number
  generatorBuildMs: number
}

const [path, outPath] = process.argv.slice(2)
if (path === undefined || outPath === undefined) throw new Error('load-child.ts: usage: load-child.ts <file.csv> <out.json>')
const before = snapshotAfterGc()
const started = performance.now()
let firstPrefixMs = Number.NaN
const table = await loadDataFile(await openAsBlob(path), {
  name: path,
  onPartial: () => {
    if (Number.isNaN(firstPrefixMs)) firstPrefixMs = performance.now() - started
  },
})
const loadMs = performance.now() - started
const peakRssBytes = process.resourceUsage().maxRSS * 1024
const rssDeltaBytes = snapshotAfterGc().rssBytes - before.rssBytes
const search = await createEngineSearch(table)
const queries = queriesForGeneratedData()
const timed = async (id: string): Promise<number> => {
  const query = queries.find((candidate) => candidate.id === id)
  if (query === undefined) throw new Error(`no ${id}`)
  const at = performance.now()
  await search(query.params)
  return performance.now() - at
}
const coldQ2Ms = await timed('Q2')
const coldQ3Ms = await timed('Q3')
const buildStarted = performance.now()
buildGeneratedTable({ count: table.size })
const generatorBuildMs = performance.now() - buildStarted
const figures: LoadFigures = { fileBytes: statSync(path).size, records: table.size, firstPrefixMs, loadMs, peakRssBytes, rssDeltaBytes, coldQ2Ms, coldQ3Ms, generatorBuildMs }
writeFileSync(outPath, JSON.stringify(figures))
