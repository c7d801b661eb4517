// Entry of the summary bench's child process: `summary-child.ts <size> <warmups> <runs> <out.json>`.
// Started by run.ts under `node --expose-gc --import tsx`; progress goes to stderr, the result to the file.
import { writeFileSync } from 'node:fs'
import { measureSummaries } from './summary-bench.ts'

const [sizeArg, warmupsArg, runsArg, outPath] = process.argv.slice(2)
if (outPath === undefined) throw new Error('summary-child.ts: usage: summary-child.ts <size> <warmups> <runs> <out.json>')
const count = (name: string, value: string | undefined): number => {
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`summary-child.ts: ${name} must be a natural number, got ${JSON.stringify(value)}`)
  return parsed
}
const result = await measureSummaries(
  count('size', sizeArg),
  { warmups: count('warmups', warmupsArg), runs: count('runs', runsArg) },
  (line) => process.stderr.write(`${line}\n`),
)
writeFileSync(outPath, JSON.stringify(result))
