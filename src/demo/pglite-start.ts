// Starts PGlite in the SQL worker: from the data directory the build ships already initialised (see
// scripts/vite-sql-worker-assets.ts), or, when it cannot be fetched, by running initdb here (slower).
// Tables grow geometrically in its in-memory file system (pgliteFileGrowth), so a load is linear in its size.
import { PGlite } from '@electric-sql/pglite'
import { pgliteFileGrowth } from '../sql/index.ts'

/**
 * The file beside the worker's chunk. Passed to `new URL` as a variable, never a literal or template:
 * the bundler rewrites those (a template becomes a glob of the folder).
 */
const DATADIR_FILE = './pglite-datadir.tar.gz'

export async function startPglite(): Promise<PGlite> {
  const datadir = await fetchDatadir()
  if (datadir) {
    try {
      return await PGlite.create({ loadDataDir: datadir, extensions: { fileGrowth: pgliteFileGrowth } })
    } catch {
      // A data directory of another PGlite version: initialise a fresh one instead.
    }
  }
  return PGlite.create({ extensions: { fileGrowth: pgliteFileGrowth } })
}

async function fetchDatadir(): Promise<Blob | undefined> {
  try {
    const response = await fetch(new URL(DATADIR_FILE, import.meta.url))
    // A static host may answer a missing file with its index page.
    if (!response.ok || (response.headers.get('content-type') ?? '').includes('text/html')) return undefined
    return await response.blob()
  } catch {
    return undefined
  }
}
