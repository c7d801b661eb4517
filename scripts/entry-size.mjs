#!/usr/bin/env node
// The initial JavaScript budget: the entry chunk (dist/assets/index-*.js, the script index.html
// loads) must stay within ENTRY_BUDGET_KB gzip. The figure is the one `vite build` prints for it when
// its output is given; else the chunk is gzipped here with zlib (a little smaller than Vite's figure).
// `node scripts/entry-size.mjs [dist]` checks an existing build.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export const ENTRY_BUDGET_KB = 110

/** The entry chunk's file name (`assets/index-….js`), read from the built index.html. */
export function entryChunk(distDir = 'dist') {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8')
  const match = /<script\b[^>]*type="module"[^>]*src="\.?\/?(assets\/[^"]+\.js)"/.exec(html)
  if (!match) throw new Error(`${distDir}/index.html loads no module script`)
  return match[1]
}

/** `{ file, kb, how }`: the entry chunk's gzip size in kB (1000 bytes), from Vite's report when given. */
export function entrySize(distDir = 'dist', buildOutput = '') {
  const file = entryChunk(distDir)
  const name = file.split('/').pop()
  // the report line: `.../assets/index-XXXX.js  370.13 kB │ gzip: 117.92 kB`
  const line = buildOutput.split('\n').find((text) => text.includes(`/${name} `) || text.includes(`${name} `))
  const reported = line && /gzip:\s*([\d.,]+)\s*kB/.exec(line)
  if (reported) return { file, kb: Number(reported[1].replace(/,/g, '')), how: 'as vite build reports it' }
  const bytes = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length
  return { file, kb: bytes / 1000, how: 'zlib gzip level 9' }
}

/** Prints the size; returns false (with the reason) when it is over the budget. */
export function checkEntrySize(distDir = 'dist', buildOutput = '') {
  const { file, kb, how } = entrySize(distDir, buildOutput)
  const figure = `${kb.toFixed(2)} kB gzip (${how})`
  if (kb > ENTRY_BUDGET_KB) {
    console.log(`initial JavaScript: ${file} is ${figure}, over its budget of ${ENTRY_BUDGET_KB} kB. ` +
      'Load what the first paint and the first answer do not need with import() or React.lazy (see README, "Initial JavaScript").')
    return false
  }
  console.log(`initial JavaScript: ${file} is ${figure}, within its budget of ${ENTRY_BUDGET_KB} kB`)
  return true
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(checkEntrySize(process.argv[2] ?? 'dist') ? 0 : 1)
}
