// The catalog of resources a server or worker offers: ids, aliases, privacy, and lazy loading
// (each resource loads once; a failed load is forgotten so the next request tries again).

import type { FieldDictionaryEntry } from './search-query.ts'
import type { Table } from './table.ts'
import type { FieldInfo, ProgressCallback } from './types.ts'

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
  load: (onProgress?: ProgressCallback) => Table | Promise<Table>
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
}

export class Catalog {
  private readonly entries: ResourceEntry[] = []
  private readonly byName = new Map<string, ResourceEntry>()
  private readonly loads = new Map<string, Loading>()

  add(entry: ResourceEntry): void {
    const names = [entry.id, ...(entry.aliases ?? [])]
    for (const name of names) {
      if (name === '') throw new Error('A resource id or alias must not be empty')
      if (this.byName.has(name)) throw new Error(`Resource id or alias "${name}" is already in the catalog`)
    }
    this.entries.push(entry)
    for (const name of names) this.byName.set(name, entry)
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

  resolve(idOrAlias: string): ResourceEntry | undefined {
    return this.byName.get(idOrAlias)
  }

  prepare(idOrAlias: string, onProgress?: ProgressCallback): Promise<Table> {
    const entry = this.resolve(idOrAlias)
    if (!entry) return Promise.reject(new Error(`Resource "${idOrAlias}" is not in the catalog`))
    let loading = this.loads.get(entry.id)
    if (!loading) loading = this.startLoad(entry)
    if (onProgress && !loading.table) loading.listeners.add(onProgress)
    return loading.promise
  }

  private startLoad(entry: ResourceEntry): Loading {
    const listeners = new Set<ProgressCallback>()
    const report: ProgressCallback = (done, total) => {
      for (const listener of listeners) listener(done, total)
    }
    const promise = (async () => entry.load(report))()
    const loading: Loading = { promise, listeners }
    this.loads.set(entry.id, loading)
    promise.then(
      (table) => {
        loading.table = table
        listeners.clear()
      },
      () => {
        if (this.loads.get(entry.id) === loading) this.loads.delete(entry.id)
      },
    )
    return loading
  }
}
