// The files PGlite starts from, fetched as soon as the SQL worker starts (before the worker's own code
// has arrived): its WebAssembly (compiled while it downloads), its file bundle and the data directory
// the build ships already initialised (see scripts/vite-sql-worker-assets.ts). PGlite itself fetches
// its files only once created, and it can only be created once the data directory has arrived.
// Nothing here imports PGlite: this module is part of the worker's first, small chunk.
import { markStep } from './mark-step.ts'
import { datadirUrl, PGLITE_FS_BUNDLE_URL, PGLITE_WASM_URL } from './sql-engine-files.ts'

/** What could be fetched; undefined where a file could not (PGlite then fetches its own, or runs initdb). */
export interface PgliteFiles {
  wasm: Promise<WebAssembly.Module | undefined>
  fsBundle: Promise<Blob | undefined>
  datadir: Promise<Blob | undefined>
}

export function fetchPgliteFiles(): PgliteFiles {
  markStep('fetching')
  return {
    wasm: WebAssembly.compileStreaming(fetch(PGLITE_WASM_URL)).then(
      (module) => {
        markStep('wasm compiled')
        return module
      },
      () => undefined,
    ),
    fsBundle: fetchBlob(PGLITE_FS_BUNDLE_URL),
    datadir: fetchBlob(datadirUrl(), true).then((blob) => {
      markStep('data directory fetched')
      return blob
    }),
  }
}

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
