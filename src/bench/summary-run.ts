// Runs the summary rows for one size in a child process of their own (the engine's indexes and the
// naive rows of the search contenders never share a heap with them).
import { fileURLToPath } from 'node:url'
import { runJsonChild } from './json-child.ts'
import type { SummaryBenchResult } from './summary-bench.ts'
import type { RunSettings } from './types.ts'

const CHILD_ENTRY = fileURLToPath(new URL('./summary-child.ts', import.meta.url))

export function measureSummariesInChild(size: number, settings: RunSettings, cacheDir: string): Promise<SummaryBenchResult> {
  const args = [String(size), String(settings.warmups), String(settings.runs)]
  return runJsonChild(CHILD_ENTRY, args, `${cacheDir}summaries-${size}.json`, `Measuring the summaries at ${size} records`)
}
