// Memory figures as the anchors took them: RSS and JS heap after a full GC, compared with a snapshot
// taken before the data was generated. Needs `node --expose-gc`.
import type { MemoryFigures } from './types.ts'

export interface MemorySnapshot {
  rssBytes: number
  heapUsedBytes: number
}

export function collectGarbage(): void {
  const gc = globalThis.gc
  if (typeof gc !== 'function') throw new Error('Memory figures need a GC hook: run under `node --expose-gc` (npm run bench does)')
  // Two passes: the first can leave weak and finalizable objects for the second.
  gc()
  gc()
}

export function snapshotAfterGc(): MemorySnapshot {
  collectGarbage()
  const usage = process.memoryUsage()
  return { rssBytes: usage.rss, heapUsedBytes: usage.heapUsed }
}

export function memoryDelta(before: MemorySnapshot, after: MemorySnapshot): MemoryFigures {
  return {
    rssDeltaBytes: after.rssBytes - before.rssBytes,
    heapDeltaBytes: after.heapUsedBytes - before.heapUsedBytes,
    // maxRSS is in kilobytes.
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
  }
}
