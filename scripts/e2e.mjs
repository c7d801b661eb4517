#!/usr/bin/env node
// `npm run e2e -- [playwright args]`: the end-to-end tests alone, with the Chromium `npm test` finds
// (Debian's, never a downloaded one), against the built app and the reference server.
import { spawnSync } from 'node:child_process'
import { ensureChromium } from './chromium.mjs'

const chromium = ensureChromium()
if (!chromium) process.exit(1)
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_CHROMIUM_EXECUTABLE: chromium },
})
process.exit(run.status ?? 1)
