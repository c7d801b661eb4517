// Registers the bundled demo resources into a catalog. Each builds its table only on first use,
// and its data module is only imported then (so the bundler splits it out).
import type { Catalog, PartialCallback, ProgressCallback } from '../engine/index.ts'
import { indexWhenIdle, type IdlePause } from './idle-index.ts'
import { COURSES_RESOURCE_ID, DEMO_DATASET, DEMO_PACKAGE_ID, DEMO_RESOURCES, LARGE_RESOURCE_ID, VARIED_RESOURCE_ID } from './metadata.ts'

export interface DemoRegistrationOptions {
  /** Ids of demo resources that should need a token (the server's `--private`). */
  privateIds?: ReadonlySet<string>
  /** Record count of the generated resource (default 1,000,000; tests use fewer). */
  largeRecordCount?: number
  /** Told of every demo resource's load progress (the worker forwards it to waiting requests). */
  onLoadProgress?: (resourceId: string, done: number, total: number) => void
  /** Also build every column's summary index in idle time after a load (the worker, which computes summaries). */
  prepareSummaries?: boolean
  /** Awaited before each step of that idle work (the worker's: a task of its own once no request is under way). */
  idle?: IdlePause
}

export function registerDemoResources(catalog: Catalog, options: DemoRegistrationOptions = {}): void {
  for (const info of DEMO_RESOURCES) {
    catalog.add({
      id: info.id,
      aliases: [info.alias],
      title: info.title,
      description: info.description,
      packageId: DEMO_PACKAGE_ID,
      dataset: DEMO_DATASET,
      dictionary: info.dictionary,
      isPrivate: options.privateIds?.has(info.id) === true || options.privateIds?.has(info.alias) === true,
      load: async (onCatalogProgress?: ProgressCallback, onPartial?: PartialCallback) => {
        const onProgress: ProgressCallback = (done, total) => {
          onCatalogProgress?.(done, total)
          options.onLoadProgress?.(info.id, done, total)
        }
        switch (info.id) {
          case COURSES_RESOURCE_ID:
            return (await import('./courses.ts')).buildCoursesTable()
          case VARIED_RESOURCE_ID:
            return (await import('./varied.ts')).buildVariedTable()
          case LARGE_RESOURCE_ID: {
            const generator = await import('./generator.ts')
            const count = options.largeRecordCount ?? generator.DEFAULT_RECORD_COUNT
            // Each finished chunk goes to the catalog, so searches can answer from it while the rest builds.
            const table = await generator.buildGeneratedTableAsync({ count, onProgress, onPartial: (partial) => onPartial?.(partial, count) })
            void indexWhenIdle(table, { summaries: options.prepareSummaries === true }, options.idle)
            return table
          }
          default:
            throw new Error(`No data module for demo resource ${info.id}`)
        }
      },
    })
  }
}
