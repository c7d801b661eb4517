// A Vite plugin for the demo's SQL worker: files its code fetches beside its own chunk, emitted into
// `assets/` by the build and served by the dev server under any path ending in their names.
// - `pglite-datadir.tar.gz`: PGlite's data directory already initialised, so the worker starts
//   PostgreSQL by unpacking it (about a second) instead of running initdb in the browser (several),
//   without the template databases it never uses and with one 1 MB write-ahead log segment instead of
//   initdb's 16 MB ones (src/sql/datadir-tar.ts). It is made once per PGlite version with PGlite itself
//   and cached under node_modules/.cache (`datadirCacheFile`); the worker falls back to initdb when it
//   cannot be fetched.
// - `libpg-query.wasm`: PostgreSQL's parser (the SQL module's first check), which libpg-query's loader
//   looks for beside the script that loads it, a reference the bundler cannot see.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'
import { DATADIR_INITDB_ARGS, shippedDataDirectory } from '../src/sql/datadir-tar.ts'

const DATADIR_FILE = 'pglite-datadir.tar.gz'
const PARSER_FILE = 'libpg-query.wasm'

/** Where the shipped data directory of the installed PGlite version is cached (the bench scripts read it too). */
export function datadirCacheFile(root: string): string {
  const version = (JSON.parse(readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string }).version
  return join(root, 'node_modules', '.cache', 'pglite-datadir', `${version}-shipped-wal1.tar.gz`)
}

async function datadirTarball(root: string): Promise<Buffer> {
  const cached = datadirCacheFile(root)
  if (existsSync(cached)) return readFileSync(cached)
  const { PGlite } = await import('@electric-sql/pglite')
  const db = await PGlite.create({ initDbStartParams: [...DATADIR_INITDB_ARGS] })
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
