// Starts PGlite in the SQL worker: from the data directory the build ships already initialised (see
// scripts/vite-sql-worker-assets.ts), or, when it cannot be fetched, by running initdb here (slower).
// Tables grow geometrically in its in-memory file system (pgliteFileGrowth), so a load is linear in its size.
// Its three downloads start together: PGlite itself fetches its WebAssembly and file bundle only once
// created, and it cannot be created before the data directory has arrived; the WebAssembly compiles
// while the rest arrives. With a data directory, initdb's WebAssembly is never fetched.
import { PGlite } from '@electric-sql/pglite'
import fsBundleUrl from '@electric-sql/pglite/pglite.data?url'
import wasmUrl from '@electric-sql/pglite/pglite.wasm?url'
import { pgliteFileGrowth } from '../sql/index.ts'
import { markStep } from './mark-step.ts'
import { DEMO_START_PARAMS } from './pglite-settings.ts'

/**
 * The file beside the worker's chunk. Passed to `new URL` as a variable, never a literal or template:
 * the bundler rewrites those (a template becomes a glob of the folder).
 */
const DATADIR_FILE = './pglite-datadir.tar.gz'

/**
 * The smallest valid WebAssembly module, given to PGlite as initdb's so that it does not download
 * initdb's: with a data directory initdb never runs (without one, PGlite is given nothing here).
 */
const NO_INITDB = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00])

export async function startPglite(): Promise<PGlite> {
  markStep('start')
  const wasm = WebAssembly.compileStreaming(fetch(wasmUrl)).then(
    (module) => {
      markStep('wasm compiled')
      return module
    },
    () => undefined,
  )
  const fsBundle = fetchBlob(fsBundleUrl)
  const datadir = await fetchBlob(new URL(DATADIR_FILE, import.meta.url), true)
  markStep('data directory fetched')
  const common = { pgliteWasmModule: await wasm, fsBundle: await fsBundle, startParams: [...PGlite.defaultStartParams, ...DEMO_START_PARAMS] }
  if (datadir) {
    try {
      return await PGlite.create({ ...common, loadDataDir: datadir, initdbWasmModule: await WebAssembly.compile(NO_INITDB), extensions: { fileGrowth: pgliteFileGrowth } })
    } catch {
      // A data directory of another PGlite version: initialise a fresh one instead.
    }
  }
  return PGlite.create({ ...common, extensions: { fileGrowth: pgliteFileGrowth } })
}

/** The file's bytes, or undefined when it cannot be fetched (PGlite then fetches its own files itself). */
async function fetchBlob(url: string | URL, notHtml = false): Promise<Blob | undefined> {
  try {
    const response = await fetch(url)
    // A static host may answer a missing file with its index page.
    if (!response.ok || (notHtml && (response.headers.get('content-type') ?? '').includes('text/html'))) return undefined
    return await response.blob()
  } catch {
    return undefined
  }
}
