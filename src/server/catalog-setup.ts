// Builds the server's catalog: the files given with --resource (loaded and checked at start-up), or
// the bundled demo resources (built lazily on first use).
import { openAsBlob } from 'node:fs'
import { access, constants, stat } from 'node:fs/promises'
import { Catalog, type Table } from '../engine/index.ts'
import { DataFileError, loadDataFile } from '../demo/load-file.ts'
import { indexWhenIdle } from '../demo/idle-index.ts'
import { registerDemoResources } from '../demo/register.ts'
import type { ServerOptions } from './options.ts'

/** A file that could not be read or parsed; the message names the file (and the line, if known). */
export class ResourceLoadError extends Error {}

export async function createServerCatalog(options: Pick<ServerOptions, 'resources' | 'privateIds'>): Promise<Catalog> {
  const catalog = new Catalog()
  const privateIds = new Set(options.privateIds)
  if (options.resources.length === 0) {
    registerDemoResources(catalog, { privateIds })
    return catalog
  }
  for (const { id, file } of options.resources) {
    const table = await loadFile(file)
    catalog.add({ id, title: file, isPrivate: privateIds.has(id), load: () => table })
    void indexWhenIdle(table)
  }
  return catalog
}

async function loadFile(file: string): Promise<Table> {
  let blob: Blob
  try {
    if ((await stat(file)).isDirectory()) throw new ResourceLoadError(`${file}: cannot read the file (it is a directory)`)
    await access(file, constants.R_OK)
    blob = await openAsBlob(file)
  } catch (error) {
    if (error instanceof ResourceLoadError) throw error
    const code = (error as NodeJS.ErrnoException).code
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : String(error)
    throw new ResourceLoadError(`${file}: cannot read the file (${reason})`)
  }
  try {
    return await loadDataFile(blob, { name: file })
  } catch (error) {
    if (error instanceof DataFileError) throw new ResourceLoadError(error.message)
    throw new ResourceLoadError(`${file}: cannot read the file (${error instanceof Error ? error.message : String(error)})`)
  }
}
