// Builds the server's catalog: the files given with --resource (loaded and checked at start-up), or
// the bundled demo resources (built lazily on first use).
import { openAsBlob } from 'node:fs'
import { access, constants, readFile, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { Catalog, type DatasetInfo, type OtherResource, type PartialCallback, type ResourceEntry, type Table } from '../engine/index.ts'
import { DataFileError, loadDataFile } from '../demo/load-file.ts'
import { indexWhenIdle } from '../demo/idle-index.ts'
import { registerDemoResources } from '../demo/register.ts'
import { DataPackageError, loadDataPackageTable, parseDataPackage, type DataPackageResource } from './datapackage.ts'
import type { ServerOptions } from './options.ts'

/**
 * Records per chunk of a table the server loads: a thirty-second of the engine's default. Finishing a
 * chunk joins its text into one string in one go, and first touching that much fresh memory costs
 * about 5 ms a megabyte on a virtual machine (a page fault each 4 KB), more on a busy one: 13 MB at
 * 65,536 records of ~200 bytes held the event loop ~80 ms, 1.7 MB at 8,192 ~10 ms (~470 page
 * faults), 0.85 MB at 4,096 half that (~265, 5-6 ms of CPU on average, the longest step of a load),
 * 0.43 MB at 2,048 ~3-3.5 ms (~135). Answers never depend on it; a search pays a little per chunk
 * (a rare `q` ~2 ms more at a million records at 4,096).
 */
export const SERVER_CHUNK_SIZE = 2048

/** A file that could not be read or parsed; the message names the file (and the line, if known). */
export class ResourceLoadError extends Error {}

export interface CatalogSetupOptions extends Pick<ServerOptions, 'resources' | 'privateIds'> {
  /**
   * Given: a large CSV file is served as soon as its first chunk is read (searches answer from the
   * part read so far, their totals estimated), and a problem found later in the file comes here.
   * Not given: every file is read whole before this resolves.
   */
  onLateLoadError?: (error: ResourceLoadError) => void
  /** With `onLateLoadError`: awaited between the steps of a load and of the indexes made after it (default: a turn of the event loop). */
  backgroundTurn?: () => Promise<void>
  /** How a request waits for a load still under way (the catalog's `waitForLoad`). */
  waitForLoad?: <T>(load: Promise<T>) => Promise<T>
}

export async function createServerCatalog(options: CatalogSetupOptions): Promise<Catalog> {
  const catalog = new Catalog({ waitForLoad: options.waitForLoad })
  const privateIds = new Set(options.privateIds)
  if (options.resources.length === 0) {
    registerDemoResources(catalog, { privateIds })
    return catalog
  }
  const packages = new Map<string, PackageDataset>()
  for (const { id, file } of options.resources) {
    const isPrivate = privateIds.has(id)
    if (isDataPackage(file)) {
      catalog.add({ ...(await loadDataPackage(id, file, packages)), isPrivate })
      continue
    }
    const blob = await openReadable(file)
    const title = resourceNameOfFile(file)
    catalog.add({
      id,
      // the file's base name: never the path on this machine, which every client would be shown
      title,
      format: file.toLowerCase().endsWith('.csv') ? 'CSV' : 'JSON',
      dataset: { id, name: id, title, modified: await modifiedTime(file) },
      isPrivate,
      load: (_onProgress, onPartial) => loadFile(blob, file, options.onLateLoadError === undefined ? undefined : onPartial, options.backgroundTurn),
    })
    // A problem up to the first searchable chunk (or in a small file) stops start-up.
    await catalog.latest(id)
    const whole = catalog.prepare(id).then((table) => indexWhenIdle(table, {}, options.backgroundTurn))
    if (options.onLateLoadError === undefined) await whole
    else {
      const report = options.onLateLoadError
      whole.catch((error: unknown) => report(error instanceof ResourceLoadError ? error : new ResourceLoadError(String(error))))
    }
  }
  for (const { dataset, resources, served } of packages.values()) {
    dataset.otherResources = resources.filter((_, index) => !served.has(index))
  }
  return catalog
}

/** A data package's dataset, shared by the resources served from it; its unserved resources are added once all are read. */
interface PackageDataset {
  dataset: DatasetInfo & { otherResources?: OtherResource[] }
  resources: OtherResource[]
  /** Places (in the package) of the resources served. */
  served: Set<number>
}

/** What a plain file's resource is called: its base name without the extension (`seattle-weather`). */
export function resourceNameOfFile(file: string): string {
  const name = basename(file.replace(/\\/g, '/'))
  return name.replace(/\.(csv|json|tsv|txt)$/i, '') || name
}

/** The file's last change as CKAN writes `metadata_modified` (UTC, no zone); undefined when unknown. */
async function modifiedTime(file: string): Promise<string | undefined> {
  try {
    return (await stat(file)).mtime.toISOString().replace(/Z$/, '')
  } catch {
    return undefined
  }
}

export function isDataPackage(file: string): boolean {
  return /datapackage\.json$/i.test(file)
}

/** A Frictionless data package's CSV resource, its types, titles and descriptions; errors name the file. */
async function loadDataPackage(id: string, file: string, packages: Map<string, PackageDataset>): Promise<ResourceEntry> {
  try {
    const { resource, dataFile } = await readDataPackage(file, id)
    let data: Blob
    try {
      data = await openReadable(dataFile)
    } catch (error) {
      throw new ResourceLoadError(`${file}: its data file ${error instanceof Error ? error.message : String(error)}`)
    }
    const table = await loadDataPackageTable(resource, data, dataFile)
    const entry: ResourceEntry = { id, format: resource.format, dictionary: resource.dictionary, load: () => table }
    if (resource.title !== undefined) entry.title = resource.title
    if (resource.description !== undefined) entry.description = resource.description
    if (resource.packageId !== undefined) entry.packageId = resource.packageId
    if (resource.dataset !== undefined) {
      let known = packages.get(resource.dataset.id)
      if (known === undefined) {
        const modified = await modifiedTime(file)
        known = { dataset: { ...resource.dataset, ...(modified === undefined ? {} : { modified }) }, resources: resource.packageResources, served: new Set() }
        packages.set(resource.dataset.id, known)
      }
      known.served.add(resource.index)
      entry.dataset = known.dataset
    }
    return entry
  } catch (error) {
    if (error instanceof DataPackageError) throw new ResourceLoadError(error.message)
    throw error
  }
}

/** The package's resource (picked by `id`) and the path of its CSV file; errors are DataPackageErrors naming the file. */
export async function readDataPackage(file: string, id: string): Promise<{ resource: DataPackageResource; dataFile: string }> {
  let json: string
  try {
    json = await readFile(file, 'utf8')
  } catch (error) {
    throw new DataPackageError(`${file}: cannot read the file (${reasonOf(error)})`)
  }
  const resource = parseDataPackage(json, file, id)
  return { resource, dataFile: join(dirname(file), resource.path) }
}

/** Why a file could not be opened, in words (no such file, permission denied, ...). */
export function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'it is a directory' : String(error)
}

async function loadFile(blob: Blob, file: string, onPartial?: PartialCallback, pause?: () => Promise<void>): Promise<Table> {
  try {
    return await loadDataFile(blob, { name: file, onPartial, chunkSize: SERVER_CHUNK_SIZE, ...(pause && { pause }) })
  } catch (error) {
    if (error instanceof DataFileError) throw new ResourceLoadError(error.message)
    throw new ResourceLoadError(`${file}: cannot read the file (${error instanceof Error ? error.message : String(error)})`)
  }
}

async function openReadable(file: string): Promise<Blob> {
  try {
    if ((await stat(file)).isDirectory()) throw new ResourceLoadError(`${file}: cannot read the file (it is a directory)`)
    await access(file, constants.R_OK)
    return await openAsBlob(file)
  } catch (error) {
    if (error instanceof ResourceLoadError) throw error
    throw new ResourceLoadError(`${file}: cannot read the file (${reasonOf(error)})`)
  }
}
