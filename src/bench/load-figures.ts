// The bench's load figures at one size: the generated resource written as CSV, loaded in a child
// process of its own (load-child.ts), and `npm run api --resource` started on it (until it listens,
// and until its first answer). Printed as one table beside the query tables.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { writeGeneratedCsv } from './bench-csv.ts'
import { runJsonChild } from './json-child.ts'
import type { LoadFigures } from './load-child.ts'

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))
const LOAD_CHILD = fileURLToPath(new URL('./load-child.ts', import.meta.url))
const SERVER_MAIN = fileURLToPath(new URL('../server/main.ts', import.meta.url))

export interface ServerStart {
  /** From spawning `node --import tsx src/server/main.ts --resource ...` to its "listening" line. */
  listeningMs: number
  /** From spawning to the first answered `datastore_search` (limit 5). */
  firstAnswerMs: number
}

export interface LoadResult extends LoadFigures {
  server: ServerStart
  /** The CSV file measured (reused by the server latency figures). */
  csvPath: string
}

/** Starts the server on the CSV file, waits for it to listen and answer once, then stops it. */
export function measureServerStart(csvPath: string): Promise<ServerStart> {
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN, '--port', '0', '--resource', `bench=${csvPath}`], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 2] })
  return new Promise((resolve, reject) => {
    let output = ''
    let listening = false
    child.on('error', reject)
    child.on('exit', (code) => {
      if (code !== 0 && code !== null) reject(new Error(`The server exited with code ${code}: ${output.slice(0, 500)}`))
    })
    child.stdout?.on('data', (data: Buffer) => {
      output += data.toString()
      const url = /listening on (\S+)/.exec(output)?.[1]
      if (url === undefined || listening) return
      listening = true
      const listeningMs = performance.now() - started
      fetch(`${url}/api/action/datastore_search?resource_id=bench&limit=5`)
        .then(async (response) => {
          await response.json()
          resolve({ listeningMs, firstAnswerMs: performance.now() - started })
        }, reject)
        .finally(() => child.kill())
    })
  })
}

export async function measureLoads(size: number, cacheDir: string, log: (line: string) => void): Promise<LoadResult> {
  log(`[load ${size.toLocaleString('en-US')}] writing the generated resource as CSV (once per size)`)
  const csvPath = await writeGeneratedCsv(`${cacheDir}service-requests-${size}.csv`, size)
  log(`[load ${size.toLocaleString('en-US')}] loading it in a child process`)
  const figures = await runJsonChild<LoadFigures>(LOAD_CHILD, [csvPath], `${cacheDir}load-${size}.json`, 'The load measurement')
  log(`[load ${size.toLocaleString('en-US')}] starting the server on it`)
  const server = await measureServerStart(csvPath)
  return { ...figures, server, csvPath }
}

const MB = 2 ** 20
const ms = (value: number): string => Math.round(value).toLocaleString('en-US')
const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`

export function formatLoads(result: LoadResult): string {
  const rows: Array<[string, string, string]> = [
    ['CSV file', `${(result.fileBytes / MB).toFixed(1)} MiB, ${result.records.toLocaleString('en-US')} records`, ''],
    ['CSV load: first searchable chunk (ms)', ms(result.firstPrefixMs), 'answers start here (early answers, estimated totals)'],
    ['CSV load: whole table (ms)', ms(result.loadMs), ''],
    ['CSV load: peak RSS of the process (MB)', ms(result.peakRssBytes / MB), ''],
    ['CSV load: RSS Δ after load, GC run (MB)', ms(result.rssDeltaBytes / MB), `${(result.rssDeltaBytes / result.fileBytes).toFixed(2)}× the file's bytes (target ≤ 2.5×)`],
    ['cold Q2 right after the load (ms)', result.coldQ2Ms.toFixed(1), 'target ≤ 20 ms'],
    ['cold Q3 right after the load (ms)', result.coldQ3Ms.toFixed(1), 'target ≤ 300 ms'],
    ['build from the generator\'s texts (ms)', ms(result.generatorBuildMs), 'the demo\'s path: generation included'],
    ['`npm run api --resource` on the CSV: listening (ms)', ms(result.server.listeningMs), 'target ≤ 3,000 ms'],
    ['… first answer (ms)', ms(result.server.firstAnswerMs), ''],
  ]
  return [`### Load from CSV text, ${result.records.toLocaleString('en-US')} records`, '', line(['figure', 'value', 'note']), line(['---', '---', '---']), ...rows.map(line)].join('\n')
}
