#!/usr/bin/env node
// `npm test`: everything CI checks, in order, then one summary line
// (`tests: N passed, N failed, N skipped`) built from the unit and end-to-end reports.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { ensureChromium } from './chromium.mjs'
import { checkEntrySize } from './entry-size.mjs'
import { ensurePostgresql } from './postgresql.mjs'

const OUT = '.ci-out'
rmSync(OUT, { recursive: true, force: true })
mkdirSync(OUT, { recursive: true })

function step(title, command, args, env = {}, { keepOutput = false } = {}) {
  const started = Date.now()
  console.log(`\n=== ${title}`)
  const run = spawnSync(command, args, {
    stdio: keepOutput ? ['inherit', 'pipe', 'inherit'] : 'inherit',
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (keepOutput) process.stdout.write(run.stdout ?? '')
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(`=== ${title}: ${run.status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`)
  return keepOutput ? { ok: run.status === 0, output: run.stdout ?? '' } : run.status === 0
}

const failures = []
const chromium = ensureChromium()
// the PostgreSQL store's tests start a throwaway cluster of their own; in CI they fail without one
if (!ensurePostgresql()) failures.push('no PostgreSQL for the PostgreSQL store tests')

if (!step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json'])) failures.push('typecheck')
if (!step('lint', 'npx', ['oxlint', '--deny-warnings'])) failures.push('lint')
// The import arrows of architecture.md (.dependency-cruiser.cjs); file names are checked by the lint.
if (!step('import rules', 'npx', ['depcruise', 'src/**/*.{ts,tsx}', '--config', '.dependency-cruiser.cjs'])) failures.push('import rules')
step('unit tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${OUT}/unit.json`])
const build = step('build', 'npx', ['vite', 'build'], {}, { keepOutput: true })
if (!build.ok) failures.push('build')
// The initial JavaScript's gzip size (Vite's own figures) against its budget (scripts/entry-size.mjs).
else if (!checkEntrySize('dist', build.output)) failures.push('initial JavaScript over its budget')
if (chromium) {
  step('end-to-end tests', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${OUT}/e2e.json`,
    PLAYWRIGHT_CHROMIUM_EXECUTABLE: chromium,
  })
} else {
  failures.push('no Chromium for the end-to-end tests')
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined
}
const unit = readJson(`${OUT}/unit.json`)
const e2e = readJson(`${OUT}/e2e.json`)?.stats
if (!unit) failures.push('unit tests did not report')
if (!e2e) failures.push('end-to-end tests did not report')

const passed = (unit?.numPassedTests ?? 0) + (e2e?.expected ?? 0) + (e2e?.flaky ?? 0)
const failed = (unit?.numFailedTests ?? 0) + (e2e?.unexpected ?? 0) + (unit && unit.numFailedTestSuites > 0 && unit.numFailedTests === 0 ? 1 : 0)
const skipped = (unit?.numPendingTests ?? 0) + (unit?.numTodoTests ?? 0) + (e2e?.skipped ?? 0)
if (failed > 0) failures.push(`${failed} test(s) failed`)
if (passed === 0) failures.push('no test ran')

console.log(`\nunit ${unit?.numPassedTests ?? 0}/${unit?.numTotalTests ?? 0}, end-to-end ${e2e?.expected ?? 0}/${e2e ? e2e.expected + e2e.unexpected + e2e.flaky + e2e.skipped : 0}`)
if (failures.length > 0) console.log(`problems: ${failures.join('; ')}`)
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failures.length > 0 ? 1 : 0)
