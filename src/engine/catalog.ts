// The catalog of resources a server or worker offers: ids, aliases, privacy, and lazy loading
// (each resource loads once; a failed load is forgotten so the next request tries again).

import type { FieldDictionaryEntry } from './search-query.ts'
import type { Table } from './table.ts'
import type { FieldInfo, ProgressCallback } from './types.ts'

/** Told of the table loaded so far (a prefix of the final one) and the number of records expected in all. */
export type PartialCallback = (table: Table, expectedSize: number) => void

export interface ResourceEntry {
  id: string
  aliases?: string[]
  title?: string
  /** What `resource_show` says about the resource. */
  description?: string
  format?: string
  packageId?: string
  url?: string
  /** The data dictionary: field id -> label and notes (served as `fields[].info`). */
  dictionary?: Readonly<Record<string, FieldDictionaryEntry>>
  isPrivate?: boolean
  /** The dataset it belongs to (`package_search`); alone, it is a dataset of one resource named by its id. */
  dataset?: DatasetInfo
  /** May hand `onPartial` growing prefixes of the table while it loads, so a search can answer early. */
  load: (onProgress?: ProgressCallback, onPartial?: PartialCallback) => Table | Promise<Table>
}

/** A dataset as `package_show` describes it; resources with the same dataset `id` form one dataset. */
export interface DatasetInfo {
  id: string
  /** CKAN's dataset name (a slug); `package_show` takes it or the id. */
  name: string
  title?: string
  /** The description (CKAN's `notes`). */
  notes?: string
  license?: { id?: string; title?: string; url?: string }
  organization?: { name: string; title?: string; description?: string }
  /** When the dataset last changed: ISO time without a zone, as CKAN writes `metadata_modified`. */
  modified?: string
  /** Its resources that are not served (not in the DataStore): listed, never readable here. */
  otherResources?: readonly OtherResource[]
}

export interface OtherResource {
  name: string
  description?: string
  format?: string
  /** Only an address anyone may follow (http or https); never a path on the server. */
  url?: string
}

/** The dataset a resource belongs to: its own, its package's, or one of its own named by its id. */
export function datasetOf(entry: ResourceEntry): DatasetInfo {
  if (entry.dataset) return entry.dataset
  if (entry.packageId !== undefined && entry.packageId !== '') return { id: entry.packageId, name: entry.packageId }
  return { id: entry.id, name: entry.id, title: entry.title ?? entry.id }
}

/** What a resource holds now: the whole table, or a prefix while the rest still loads. */
export interface LoadState {
  table: Table
  complete: boolean
  /** Records expected once complete (the table's size when complete; an estimate before). */
  expectedSize: number
}

export interface ResourceSummary {
  id: string
  aliases: string[]
  title: string
  isPrivate: boolean
  loaded: boolean
  size?: number
  fields?: FieldInfo[]
}

interface Loading {
  readonly promise: Promise<Table>
  readonly listeners: Set<ProgressCallback>
  table?: Table
  partial?: LoadState
  /** Called once each when a newer partial table arrives or the load ends. */
  readonly watchers: Set<() => void>
}

export interface CatalogOptions {
  /**
   * How a caller waits for a load still under way (default: it just waits). A server that holds its
   * background work while requests are under way gives one that lets that work, the very load the
   * request waits for, go on meanwhile.
   */
  waitForLoad?: <T>(load: Promise<T>) => Promise<T>
}

export class Catalog {
  private readonly entries: ResourceEntry[] = []
  private readonly byName = new Map<string, ResourceEntry>()
  private readonly loads = new Map<string, Loading>()
  private readonly waitForLoad: <T>(load: Promise<T>) => Promise<T>

  constructor(options: CatalogOptions = {}) {
    this.waitForLoad = options.waitForLoad ?? ((load) => load)
  }

  add(entry: ResourceEntry): void {
    const names = [entry.id, ...(entry.aliases ?? [])]
    for (const name of names) {
      if (name === '') throw new Error('A resource id or alias must not be empty')
      if (this.byName.has(name)) throw new Error(`Resource id or alias "${name}" is already in the catalog`)
    }
    this.entries.push(entry)
    for (const name of names) this.byName.set(name, entry)
  }

  /** Forgets a resource (e.g. a file whose load failed); its id and aliases become free. */
  remove(id: string): void {
    const entry = this.byName.get(id)
    if (entry === undefined || entry.id !== id) return
    this.entries.splice(this.entries.indexOf(entry), 1)
    for (const name of [entry.id, ...(entry.aliases ?? [])]) this.byName.delete(name)
    this.loads.delete(entry.id)
  }

  list(): ResourceSummary[] {
    return this.entries.map((entry) => {
      const table = this.loads.get(entry.id)?.table
      const summary: ResourceSummary = {
        id: entry.id,
        aliases: [...(entry.aliases ?? [])],
        title: entry.title ?? entry.id,
        isPrivate: entry.isPrivate === true,
        loaded: table !== undefined,
      }
      if (table) {
        summary.size = table.size
        summary.fields = table.fields.map((field) => ({ ...field }))
      }
      return summary
    })
  }

  /** Every entry, in the order added (the catalog's own order of datasets). */
  entriesInOrder(): readonly ResourceEntry[] {
    return [...this.entries]
  }

  resolve(idOrAlias: string): ResourceEntry | undefined {
    return this.byName.get(idOrAlias)
  }

  prepare(idOrAlias: string, onProgress?: ProgressCallback): Promise<Table> {
    const loading = this.loadingOf(idOrAlias, onProgress)
    if (loading === undefined) return Promise.reject(new Error(`Resource "${idOrAlias}" is not in the catalog`))
    return loading.table ? loading.promise : this.waitForLoad(loading.promise)
  }

  /** The resource's load, started if it is not under way; undefined for a name not in the catalog. */
  private loadingOf(idOrAlias: string, onProgress?: ProgressCallback): Loading | undefined {
    const entry = this.resolve(idOrAlias)
    if (!entry) return undefined
    const loading = this.loads.get(entry.id) ?? this.startLoad(entry)
    if (onProgress && !loading.table) loading.listeners.add(onProgress)
    return loading
  }

  /**
   * The resource's table as soon as there is one: the whole table, or the latest prefix while it
   * loads. With `after`, waits for something newer than that table (a longer prefix or the end).
   * Rejects when the load fails, like `prepare`.
   */
  async latest(idOrAlias: string, after?: Table, onProgress?: ProgressCallback): Promise<LoadState> {
    const loading = this.loadingOf(idOrAlias, onProgress)
    if (loading === undefined) throw new Error(`Resource "${idOrAlias}" is not in the catalog`)
    const now = (): LoadState | undefined => {
      if (loading.table) return { table: loading.table, complete: true, expectedSize: loading.table.size }
      return loading.partial && loading.partial.table !== after ? loading.partial : undefined
    }
    const ready = now()
    if (ready) return ready
    // a failed load wakes its watchers too: its promise then rejects here, as `prepare` does
    await this.waitForLoad(Promise.race([loading.promise, new Promise<void>((resolve) => loading.watchers.add(resolve))]))
    const next = now()
    if (next) return next
    const table = await loading.promise
    return { table, complete: true, expectedSize: table.size }
  }

  private startLoad(entry: ResourceEntry): Loading {
    const listeners = new Set<ProgressCallback>()
    const watchers = new Set<() => void>()
    const wake = (): void => {
      const waiting = [...watchers]
      watchers.clear()
      for (const watcher of waiting) watcher()
    }
    const report: ProgressCallback = (done, total) => {
      for (const listener of listeners) listener(done, total)
    }
    const onPartial: PartialCallback = (table, expectedSize) => {
      if (loading.table !== undefined) return
      loading.partial = { table, complete: false, expectedSize: Math.max(expectedSize, table.size) }
      wake()
    }
    // Started a microtask later, so that `loading` exists before the loader can report anything.
    const promise = Promise.resolve().then(() => entry.load(report, onPartial))
    const loading: Loading = { promise, listeners, watchers }
    this.loads.set(entry.id, loading)
    promise.then(
      (table) => {
        loading.table = table
        loading.partial = undefined
        listeners.clear()
        wake()
      },
      () => {
        if (this.loads.get(entry.id) === loading) this.loads.delete(entry.id)
        wake()
      },
    )
    return loading
  }
}
