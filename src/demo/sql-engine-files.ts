// The files the demo's SQL engine fetches beside its code: PGlite's WebAssembly and file bundle, the
// data directory the build ships (scripts/vite-sql-worker-assets.ts) and PostgreSQL's parser, which
// libpg-query's loader finds beside the script that loads it. The SQL worker fetches them
// (pglite-files.ts); the page names them to keep a copy for offline use when the engine started
// before the offline cache did (app/offline-register.ts). Only URLs here: nothing is loaded.
import fsBundleUrl from '@electric-sql/pglite/pglite.data?url'
import wasmUrl from '@electric-sql/pglite/pglite.wasm?url'

export const PGLITE_WASM_URL: string = wasmUrl
export const PGLITE_FS_BUNDLE_URL: string = fsBundleUrl

/**
 * Files beside this module's chunk. Passed to `new URL` as variables, never literals or templates:
 * the bundler rewrites those (a template becomes a glob of the folder).
 */
const DATADIR_FILE = './pglite-datadir.tar.gz'
const PARSER_FILE = './libpg-query.wasm'

export function datadirUrl(): URL {
  return new URL(DATADIR_FILE, import.meta.url)
}

/** Every file the engine fetches when it starts, as absolute URLs. */
export function sqlEngineFileUrls(): string[] {
  return [new URL(PGLITE_WASM_URL, import.meta.url).href, new URL(PGLITE_FS_BUNDLE_URL, import.meta.url).href, datadirUrl().href, new URL(PARSER_FILE, import.meta.url).href]
}
