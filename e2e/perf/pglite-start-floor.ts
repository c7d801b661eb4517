// What PGlite's start costs, in Node (no browser, no worker): the floor under the demo's cold SQL start.
// `npx tsx e2e/perf/pglite-start-floor.ts [rounds]` (default 3) starts PGlite from the data directory
// the build ships, each time in a fresh Node process (so each pays its WebAssembly compile), with the
// settings the demo starts it with and with PGlite's own, and prints the CPU time (user + system, less
// swayed by other processes than wall time) of: compiling the WebAssembly, PGlite.create (unpacking the
// data directory, starting PostgreSQL) and the first statement, beside the load average.
// `--base-datadir FILE`: the demo's settings also from another data directory (e.g. one an older build
// shipped, its `assets/pglite-datadir.tar.gz`), the processes taking turns, for a before -> after.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { PGlite } from '@electric-sql/pglite'
import { DEMO_START_PARAMS } from '../../src/demo/pglite-settings.ts'
import { pgliteFileGrowth } from '../../src/sql/index.ts'
import { datadirCacheFile } from '../../scripts/vite-sql-worker-assets.ts'

const load = () => `load average (1 min) ${loadavg()[0].toFixed(1)}`
const variant = process.argv[process.argv.indexOf('--variant') + 1]
const option = (name: string): string | undefined => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined)

async function timed<T>(work: () => T | Promise<T>): Promise<[T, number]> {
  const begun = process.cpuUsage()
  const value = await work()
  const { user, system } = process.cpuUsage(begun)
  return [value, (user + system) / 1000]
}

if (process.argv.includes('--variant')) {
  const datadir = option('--datadir') ?? (await datadirCacheFile(process.cwd())).file
  if (!existsSync(datadir)) throw new Error(`${datadir} is missing: build the app once (npx vite build) to make it`)
  const [module, compiled] = await timed(() => WebAssembly.compile(readFileSync('node_modules/@electric-sql/pglite/dist/pglite.wasm')))
  const startParams = variant === 'demo' ? [...PGlite.defaultStartParams, ...DEMO_START_PARAMS] : undefined
  const wall = performance.now()
  const [db, created] = await timed(() =>
    PGlite.create({ loadDataDir: new Blob([readFileSync(datadir)]), pgliteWasmModule: module, extensions: { fileGrowth: pgliteFileGrowth }, ...(startParams ? { startParams } : {}) }),
  )
  const createdWall = performance.now() - wall
  const [, first] = await timed(() => db.query('SELECT 1'))
  const { rows } = await db.query<{ shared_buffers: string }>('SHOW shared_buffers')
  console.info(JSON.stringify({ compiled, created, createdWall, first, sharedBuffers: rows[0]?.shared_buffers }))
  await db.close()
} else {
  const rounds = Number(/^\d+$/.test(process.argv[2] ?? '') ? process.argv[2] : 3)
  console.info(`PGlite started from the shipped data directory, ${rounds} fresh processes per variant (${load()})`)
  const base = option('--base-datadir')
  const variants = [
    { name: 'pglite defaults', args: ['--variant', 'defaults'] },
    { name: 'demo', args: ['--variant', 'demo'] },
    ...(base === undefined ? [] : [{ name: `demo, base data directory ${base}`, args: ['--variant', 'demo', '--datadir', base] }]),
  ]
  type Run = { compiled: number; created: number; createdWall: number; first: number; sharedBuffers: string }
  const runs = new Map<string, Run[]>(variants.map((each) => [each.name, []]))
  // the variants take turns, so that each sees the same load
  for (let i = 0; i < rounds; i++) {
    for (const { name, args } of variants) {
      const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, ...args], { encoding: 'utf8' })
      if (child.status !== 0) throw new Error(child.stderr)
      runs.get(name)!.push(JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Run)
    }
  }
  for (const [name, list] of runs) {
    const median = (pick: (run: Run) => number) => Math.round(list.map(pick).toSorted((a, b) => a - b)[Math.floor(list.length / 2)]!)
    console.info(
      `${name} (shared_buffers ${list[0]?.sharedBuffers}): CPU medians: WebAssembly compile ${median((run) => run.compiled)} ms, PGlite.create ${median((run) => run.created)} ms (wall ${median((run) => run.createdWall)} ms), first statement ${median((run) => run.first)} ms (${load()})`,
    )
  }
}
