// Entry of a measuring child process: `child.ts <engine|naive> <size> <warmups> <runs> <out.json>`.
// Started by run.ts under `node --expose-gc --import tsx`; progress goes to stderr, the result to the file.
import { writeFileSync } from 'node:fs'
import { measureContender } from './measure.ts'
import type { Contender } from './types.ts'

function parseContender(value: string | undefined): Contender {
  if (value === 'engine' || value === 'naive') return value
  throw new Error(`child.ts: contender must be "engine" or "naive", got ${JSON.stringify(value)}`)
}

function parseCount(name: string, value: string | undefined): number {
  const count = Number(value)
  if (!Number.isInteger(count) || count < 0) throw new Error(`child.ts: ${name} must be a natural number, got ${JSON.stringify(value)}`)
  return count
}

const [contenderArg, sizeArg, warmupsArg, runsArg, outPath] = process.argv.slice(2)
if (outPath === undefined) throw new Error('child.ts: usage: child.ts <engine|naive> <size> <warmups> <runs> <out.json>')
const result = await measureContender(
  parseContender(contenderArg),
  parseCount('size', sizeArg),
  { warmups: parseCount('warmups', warmupsArg), runs: parseCount('runs', runsArg) },
  (line) => process.stderr.write(`${line}\n`),
)
writeFileSync(outPath, JSON.stringify(result))
