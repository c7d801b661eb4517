// A Vite plugin for the demo's SQL worker: files its code fetches beside its own chunk, emitted into
// `assets/` by the build and served by the dev server under any path ending in their names.
// - `pglite-datadir.tar.gz`: PGlite's data directory already initialised, so the worker starts
//   PostgreSQL by unpacking it (about a second) instead of running initdb in the browser (several),
//   without the template databases it never uses and with one 1 MB write-ahead log segment instead of
//   initdb's 16 MB ones (src/sql/datadir-tar.ts), and with the small fixed demo resources already loaded
//   (Courses: src/demo/shipped-resources.ts). It is made with PGlite itself and cached under
//   node_modules/.cache by PGlite's version and those resources' content (`datadirCacheFile`); the worker
//   falls back to initdb when it cannot be fetched.
// - `libpg-query.wasm`: PostgreSQL's parser (the SQL module's first check), which libpg-query's loader
//   looks for beside the script that loads it, a reference the bundler cannot see.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'
import type { ShippedResource } from '../src/demo/shipped-resources.ts'
import { DATADIR_INITDB_ARGS, shippedDataDirectory } from '../src/sql/datadir-tar.ts'
import type { PgliteLike } from '../src/sql/index.ts'

const DATADIR_FILE = 'pglite-datadir.tar.gz'
const PARSER_FILE = 'libpg-query.wasm'

/**
 * Where the shipped data directory is cached: by PGlite's version and by what it holds (the shipped demo
 * resources' fields, aliases and rows), so that a change to either makes it again. The bench scripts read it too.
 */
export async function datadirCacheFile(root: string): Promise<{ file: string; resources: ShippedResource[] }> {
  const version = (JSON.parse(readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string }).version
  // the demo's engine code, loaded only when the data directory is asked for
  const { shippedResources } = await import('../src/demo/shipped-resources.ts')
  const resources = await shippedResources()
  const content = createHash('sha256').update(JSON.stringify([DATADIR_INITDB_ARGS, resources])).digest('hex').slice(0, 16)
  return { file: join(root, 'node_modules', '.cache', 'pglite-datadir', `${version}-shipped-${content}.tar.gz`), resources }
}

async function datadirTarball(root: string): Promise<Buffer> {
  const { file: cached, resources } = await datadirCacheFile(root)
  if (existsSync(cached)) return readFileSync(cached)
  const { PGlite } = await import('@electric-sql/pglite')
  const { loadShippedResources } = await import('../src/demo/shipped-resources.ts')
  const { pgliteFileGrowth } = await import('../src/sql/index.ts')
  const db = await PGlite.create({ initDbStartParams: [...DATADIR_INITDB_ARGS], extensions: { fileGrowth: pgliteFileGrowth } })
  await loadShippedResources(db as unknown as PgliteLike, resources)
  // everything in the data files: the start reads the log from this checkpoint on (shippedDataDirectory keeps its segment only)
  await db.exec('CHECKPOINT')
  const full = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer())
  await db.close()
  const dump = gzipSync(shippedDataDirectory(full).tar, { level: 9 })
  mkdirSync(dirname(cached), { recursive: true })
  writeFileSync(cached, dump)
  return dump
}

export function sqlWorkerAssets(): Plugin {
  let root = process.cwd()
  let datadir: Promise<Buffer> | undefined
  const files: Record<string, { type: string; read: () => Promise<Buffer> }> = {
    [DATADIR_FILE]: { type: 'application/gzip', read: () => (datadir ??= datadirTarball(root)) },
    [PARSER_FILE]: { type: 'application/wasm', read: async () => readFileSync(join(root, 'node_modules', 'libpg-query', 'wasm', PARSER_FILE)) },
  }
  return {
    name: 'sql-worker-assets',
    configResolved(config) {
      root = config.root
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = Object.keys(files).find((file) => request.url?.split('?')[0].endsWith(`/${file}`))
        if (name === undefined) return next()
        files[name].read().then(
          (body) => {
            response.setHeader('content-type', files[name].type)
            response.end(body)
          },
          (error: unknown) => next(error),
        )
      })
    },
    async generateBundle() {
      // Only the app's build (not the workers' own sub-builds) carries the files.
      if (this.environment?.name !== undefined && this.environment.name !== 'client') return
      for (const [name, file] of Object.entries(files)) this.emitFile({ type: 'asset', fileName: `assets/${name}`, source: await file.read() })
    },
  }
}
