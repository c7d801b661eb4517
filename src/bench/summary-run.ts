// Runs the summary rows for one size in a child process of their own (the engine's indexes and the
// naive rows of the search contenders never share a heap with them).
import { spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { SummaryBenchResult } from './summary-bench.ts'
import type { RunSettings } from './types.ts'

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))
const CHILD_ENTRY = fileURLToPath(new URL('./summary-child.ts', import.meta.url))

export function measureSummariesInChild(size: number, settings: RunSettings, cacheDir: string): Promise<SummaryBenchResult> {
  const outPath = `${cacheDir}summaries-${size}.json`
  rmSync(outPath, { force: true })
  const args = ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', CHILD_ENTRY, String(size), String(settings.warmups), String(settings.runs), outPath]
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 2, 2] })
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (code !== 0) {
        reject(new Error(`Measuring the summaries at ${size} records failed (${signal === null ? `exit code ${code}` : `signal ${signal}`}); its output is above`))
        return
      }
      resolve(JSON.parse(readFileSync(outPath, 'utf8')) as SummaryBenchResult)
      rmSync(outPath, { force: true })
    })
  })
}
