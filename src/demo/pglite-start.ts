// Starts PGlite in the SQL worker from the files fetchPgliteFiles fetched: from the data directory the
// build ships already initialised, or, when it could not be fetched, by running initdb here (slower).
// Tables grow geometrically in its in-memory file system (pgliteFileGrowth), so a load is linear in its size.
import { PGlite } from '@electric-sql/pglite'
import { pgliteFileGrowth } from '../sql/index.ts'
import type { PgliteFiles } from './pglite-files.ts'
import { markStep } from './mark-step.ts'
import { DEMO_START_PARAMS } from './pglite-settings.ts'

/**
 * The smallest valid WebAssembly module, given to PGlite as initdb's so that it does not download
 * initdb's: with a data directory initdb never runs (without one, PGlite is given nothing here).
 */
const NO_INITDB = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00])

export async function startPglite(files: PgliteFiles): Promise<PGlite> {
  markStep('start')
  const [pgliteWasmModule, fsBundle, datadir] = await Promise.all([files.wasm, files.fsBundle, files.datadir])
  const common = { pgliteWasmModule, fsBundle, startParams: [...PGlite.defaultStartParams, ...DEMO_START_PARAMS], extensions: { fileGrowth: pgliteFileGrowth } }
  if (datadir) {
    try {
      return await PGlite.create({ ...common, loadDataDir: datadir, initdbWasmModule: await WebAssembly.compile(NO_INITDB) })
    } catch {
      // A data directory of another PGlite version: initialise a fresh one instead.
    }
  }
  return PGlite.create(common)
}
