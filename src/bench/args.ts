// Command-line options of `npm run bench`.
import type { RunSettings } from './types.ts'

export interface BenchOptions extends RunSettings {
  sizes: number[]
  quick: boolean
  help: boolean
}

export const USAGE = `Usage: npm run bench -- [--sizes N[,N...]] [--quick]
  --sizes N[,N...]  record counts to measure (default 1000000,100000; each at least 1000)
  --quick           development run: 100,000 records, 1 warm-up and 3 timed runs (not for reporting; writes results-quick.json)
  --help            this text`

const DEFAULT_SIZES = [1_000_000, 100_000]
const REPORTING = { warmups: 2, runs: 7 }
const QUICK = { warmups: 1, runs: 3 }
const MIN_SIZE = 1_000

/** Parses the options; throws an Error whose message says exactly what is wrong. */
export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  let sizes: number[] | undefined
  let quick = false
  let help = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--quick') quick = true
    else if (arg === '--help' || arg === '-h') help = true
    else if (arg === '--sizes' || arg.startsWith('--sizes=')) {
      const value = arg === '--sizes' ? argv[++i] : arg.slice('--sizes='.length)
      sizes = parseSizes(value)
    } else throw new Error(`Unknown option ${JSON.stringify(arg)}\n${USAGE}`)
  }
  const settings = quick ? QUICK : REPORTING
  return { sizes: sizes ?? (quick ? [100_000] : DEFAULT_SIZES), quick, help, ...settings }
}

function parseSizes(value: string | undefined): number[] {
  if (value === undefined || value.trim() === '') throw new Error('--sizes needs a value, e.g. --sizes 100000 or --sizes 100000,1000000')
  return value.split(',').map((part) => {
    const text = part.trim().replaceAll('_', '')
    const size = Number(text)
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(size) || size < MIN_SIZE) {
      throw new Error(`--sizes: ${JSON.stringify(part)} is not a whole number of records of at least ${MIN_SIZE.toLocaleString('en-US')}`)
    }
    return size
  })
}
