// What PGlite itself costs for the demo's SQL loads, in Node (no browser, no worker): the floor under
// the browser's figures. `npx tsx e2e/perf/pglite-copy-floor.ts [records]` (default 100,000) prints,
// as CPU time beside the load average: PGlite started from the shipped data directory; the generated resource as
// COPY text two ways (from the engine's table through per-record arrays, and as bytes straight from
// the generator's draws); COPY into a logged and an UNLOGGED table, by batch size (`--variants logged:50000,...`);
// ANALYZE (full, and as a load does it: sampled past 64 MB); GROUP BY category.
import { existsSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { PGlite } from '@electric-sql/pglite'
import { tableCellTexts } from '../../src/engine/index.ts'
import { generatedCopyBatches } from '../../src/demo/generated-copy.ts'
import { buildGeneratedTable, GENERATED_FIELDS } from '../../src/demo/generator.ts'
import { analyzeTable, copyText, createTableStatement, ident, pgliteFileGrowth } from '../../src/sql/index.ts'
import { datadirCacheFile } from '../../scripts/vite-sql-worker-assets.ts'

const count = Number(/^\d+$/.test(process.argv[2] ?? '') ? process.argv[2] : 100_000)
const load = () => `load average (1 min) ${loadavg()[0].toFixed(1)}`
const ms = (value: number) => `${Math.round(value)} ms`
/** The work's value and its CPU time (user + system: less swayed by other processes than wall time). */
async function timed<T>(work: () => T | Promise<T>): Promise<[T, number]> {
  const begun = process.cpuUsage()
  const value = await work()
  const { user, system } = process.cpuUsage(begun)
  return [value, (user + system) / 1000]
}

const version = (JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string }).version
const datadir = (await datadirCacheFile(process.cwd())).file
console.info(`PGlite ${version}, ${count.toLocaleString('en')} generated records (${load()})`)

const [db, started] = await timed(() => PGlite.create({ ...(existsSync(datadir) ? { loadDataDir: new Blob([readFileSync(datadir)]) } : {}), extensions: { fileGrowth: pgliteFileGrowth } }))
console.info(`PGlite started ${existsSync(datadir) ? 'from the data directory' : 'by initdb'}: ${ms(started)}`)
const [, trivial] = await timed(async () => {
  for (let i = 0; i < 100; i++) await db.query('SELECT 1')
})
console.info(`one trivial query (SELECT 1), mean of 100: ${(trivial / 100).toFixed(2)} ms`)

const [viaTable, viaTableMs] = await timed(() => {
  const table = buildGeneratedTable({ count })
  return copyText(tableCellTexts(table, 0, table.size))
})
console.info(`COPY text via the engine's table and per-record arrays: ${ms(viaTableMs)}`)
const [direct, directMs] = await timed(() => Buffer.concat(Array.from(generatedCopyBatches({ count }, count), (batch) => batch.bytes.slice())))
console.info(`COPY text straight from the generator's draws, as bytes: ${ms(directMs)} (${(direct.length / 1e6).toFixed(1)} MB, ${direct.toString('utf8') === viaTable ? 'identical' : 'DIFFERENT'})`)
// `--variants logged:50000,unlogged:100000` picks the tables and batch sizes (default: these four)
const variantsArgument = process.argv[process.argv.indexOf('--variants') + 1]
const variants = (process.argv.includes('--variants') && variantsArgument ? variantsArgument : 'logged:50000,unlogged:50000,unlogged:100000,unlogged:200000')
  .split(',')
  .map((variant) => [variant.startsWith('unlogged') ? 'UNLOGGED ' : '', Number(variant.split(':')[1])] as const)
for (const [persistence, batch] of variants) {
  const id = `t_${persistence.trim() || 'logged'}_${batch}`
  const name = ident(id)
  await db.exec(createTableStatement(name, GENERATED_FIELDS).replace('CREATE TABLE', `CREATE ${persistence}TABLE`))
  const batches = Array.from(generatedCopyBatches({ count }, batch), (part) => part.bytes.slice())
  const each: number[] = []
  const [, copied] = await timed(async () => {
    for (const text of batches) each.push((await timed(() => db.query(`COPY ${name} FROM '/dev/blob'`, [], { blob: new Blob([text]) })))[1])
  })
  const [, analyzed] = await timed(() => analyzeTable(db, id))
  const [, analyzedFully] = await timed(() => db.exec(`ANALYZE ${name}`))
  const [, grouped] = await timed(() => db.query(`SELECT category, count(*) FROM ${name} GROUP BY category`))
  const [, groupedAgain] = await timed(() => db.query(`SELECT category, count(*) FROM ${name} GROUP BY category`))
  console.info(
    `${persistence || 'logged '}table, batches of ${batch.toLocaleString('en')}: COPY ${ms(copied)} (${ms((copied * 100_000) / count)} per 100k records; first batch ${ms(each[0] ?? 0)}, last ${ms(each.at(-1) ?? 0)}); ANALYZE as loads do it (analyzeTable) ${ms(analyzed)}, then in full ${ms(analyzedFully)}; GROUP BY category ${ms(grouped)}, again ${ms(groupedAgain)} (${load()})`,
  )
  await db.exec(`DROP TABLE ${name}`)
}
await db.close()
