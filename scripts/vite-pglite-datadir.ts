// A Vite plugin that ships PGlite's data directory already initialised, so the demo's SQL worker starts
// PostgreSQL by unpacking it (about a second) instead of running initdb in the browser (several). The
// tarball is made once per PGlite version with PGlite itself (cached under node_modules/.cache), emitted
// beside the worker's chunk as `assets/pglite-datadir.tar.gz`, and served by the dev server under any
// path ending in that name. The worker falls back to initdb when it cannot be fetched.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'

export const DATADIR_FILE = 'pglite-datadir.tar.gz'

async function tarball(root: string): Promise<Buffer> {
  const version = (JSON.parse(readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string }).version
  const cached = join(root, 'node_modules', '.cache', 'pglite-datadir', `${version}.tar.gz`)
  if (existsSync(cached)) return readFileSync(cached)
  const { PGlite } = await import('@electric-sql/pglite')
  const db = await PGlite.create()
  const dump = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer())
  await db.close()
  mkdirSync(dirname(cached), { recursive: true })
  writeFileSync(cached, dump)
  return dump
}

export function pgliteDatadir(): Plugin {
  let root = process.cwd()
  let made: Promise<Buffer> | undefined
  const get = () => (made ??= tarball(root))
  return {
    name: 'pglite-datadir',
    configResolved(config) {
      root = config.root
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (!request.url?.split('?')[0].endsWith(`/${DATADIR_FILE}`)) return next()
        get().then(
          (body) => {
            response.setHeader('content-type', 'application/gzip')
            response.end(body)
          },
          (error: unknown) => next(error),
        )
      })
    },
    async generateBundle() {
      // Only the app's build (not the workers' own sub-builds) carries the file.
      if (this.environment?.name !== undefined && this.environment.name !== 'client') return
      this.emitFile({ type: 'asset', fileName: `assets/${DATADIR_FILE}`, source: await get() })
    },
  }
}
