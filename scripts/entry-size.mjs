#!/usr/bin/env node
// The initial JavaScript budget: the entry chunk dist/assets/index-*.js (index.html's module script)
// must stay within INITIAL_BUDGET_KB gzip; the chunks it imports statically (index.html modulepreloads
// them) are reported beside it. Each file's figure is the one `vite build`
// prints for it when its output is given; else the file is gzipped here with zlib (level 9, a little
// smaller than Vite's figure). `node scripts/entry-size.mjs [dist]` checks an existing build.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export const INITIAL_BUDGET_KB = 110

/** The entry chunk and the chunks index.html modulepreloads, as `assets/….js` paths. */
export function initialChunks(distDir = 'dist') {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8')
  const entry = /<script\b[^>]*type="module"[^>]*src="(?:\.?\/)?(assets\/[^"]+\.js)"/.exec(html)
  if (!entry) throw new Error(`${distDir}/index.html loads no module script`)
  const preloaded = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="(?:\.?\/)?(assets\/[^"]+\.js)"/g)].map((match) => match[1])
  return [entry[1], ...preloaded]
}

/** One file's gzip size in kB (1000 bytes): Vite's figure from its report line, else zlib's. */
function gzipKb(distDir, file, buildOutput) {
  const name = file.split('/').pop()
  const line = buildOutput.split('\n').find((text) => text.includes(`/${name} `))
  const reported = line && /gzip:\s*([\d.,]+)\s*kB/.exec(line)
  if (reported) return { kb: Number(reported[1].replace(/,/g, '')), how: 'vite' }
  return { kb: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length / 1000, how: 'zlib' }
}

const how = ({ how: source }) => (source === 'vite' ? 'as vite build reports it' : 'zlib gzip level 9')

/**
 * Prints the sizes; returns false (saying why) when the entry chunk is over its budget. The chunks
 * index.html modulepreloads (modules the bundler split out of the entry although the page needs them
 * at once) are printed beside it, and the whole start (entry and those) is said too.
 */
export function checkEntrySize(distDir = 'dist', buildOutput = '') {
  const [entry, ...preloaded] = initialChunks(distDir).map((file) => ({ file, ...gzipKb(distDir, file, buildOutput) }))
  const total = [entry, ...preloaded].reduce((sum, { kb }) => sum + kb, 0)
  const start = preloaded.length > 0
    ? `; with the ${preloaded.length} chunk(s) index.html modulepreloads (${preloaded.map(({ file, kb }) => `${file} ${kb.toFixed(2)} kB`).join(', ')}) the start is ${total.toFixed(2)} kB`
    : ''
  const figure = `${entry.file} is ${entry.kb.toFixed(2)} kB gzip (${how(entry)})`
  if (entry.kb > INITIAL_BUDGET_KB) {
    console.log(`initial JavaScript: the entry chunk ${figure}, over its budget of ${INITIAL_BUDGET_KB} kB${start}. ` +
      'Load what the first paint and the first answer do not need with import() or React.lazy (README, "Initial JavaScript").')
    return false
  }
  console.log(`initial JavaScript: the entry chunk ${figure}, within its budget of ${INITIAL_BUDGET_KB} kB${start}`)
  return true
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(checkEntrySize(process.argv[2] ?? 'dist') ? 0 : 1)
}
