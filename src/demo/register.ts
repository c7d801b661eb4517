// Registers the bundled demo resources into a catalog. Each builds its table only on first use,
// and its data module is only imported then (so the bundler splits it out).
import type { Catalog, PartialCallback, ProgressCallback, Table } from '../engine/index.ts'
import type { GeneratorWorkerLike } from './generated-chunks.ts'
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
  /**
   * Starts a worker that writes the generated resource's records while this thread builds the table
   * from them (generated-chunks.ts); without it, or where it cannot start, both are done here.
   */
  generatorWorker?: () => GeneratorWorkerLike
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
            const table = await buildLargeTable(options, onProgress, onPartial)
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

/** The generated resource, written in a worker of its own where one starts; each finished chunk goes to the catalog, so searches can answer from it while the rest builds. */
async function buildLargeTable(options: DemoRegistrationOptions, onProgress: ProgressCallback, onPartial: PartialCallback | undefined): Promise<Table> {
  const generator = await import('./generator.ts')
  const count = options.largeRecordCount ?? generator.DEFAULT_RECORD_COUNT
  let partials = 0
  const buildOptions = {
    count,
    onProgress,
    onPartial: (partial: Table) => {
      partials++
      onPartial?.(partial, count)
    },
  }
  let worker: GeneratorWorkerLike | undefined
  try {
    worker = options.generatorWorker?.()
  } catch {
    worker = undefined
  }
  if (worker !== undefined) {
    try {
      return await (await import('./generated-chunks.ts')).buildGeneratedTableFromWorker(buildOptions, worker)
    } catch (error) {
      // a worker that could not start (no script, no nested workers): built here instead; one that failed midway is an error
      if (partials > 0) throw error
    }
  }
  return generator.buildGeneratedTableAsync(buildOptions)
}
