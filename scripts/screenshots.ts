// `npm run screenshots`: the README's pictures, taken from the real built app (vite build, then
// vite preview) in headless Chromium, so they show the product as it is. Writes docs/screenshots/*.png.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { startPreview } from '../e2e/perf/preview.ts'

const OUT = 'docs/screenshots'
const VIEWPORT = { width: 1280, height: 800 }
// A query that shows the parts at work: a filter chip, a sort, and the columns chosen and ordered.
// (The campus column is left out: its CJK names need fonts a bare Debian lacks.)
const COLUMNS = ['code', 'title', 'credits', 'fee']
const QUERY = `?limit=50&filter.stage=active&sort=fee+desc&${COLUMNS.map((name) => `fields=${name}`).join('&')}`

async function openQuery(page: Page, origin: string): Promise<void> {
  await page.goto(origin + '/' + QUERY)
  await page.getByRole('status').filter({ hasText: /^Showing/ }).waitFor()
  await page.getByRole('table', { name: 'Results' }).getByRole('row').nth(5).waitFor()
  // Fonts and the lazily loaded parts settle before the picture is taken.
  await page.evaluate(() => document.fonts.ready)
  await page.waitForTimeout(300)
}

// A 256-colour palette keeps a screen of flat UI at about a third of the size, with no visible change.
const pngquant = spawnSync('pngquant', ['--version']).status === 0
if (!pngquant) console.warn('pngquant is missing (apt-get install pngquant): the pictures are written unoptimised.')

async function shoot(page: Page, name: string): Promise<void> {
  const path = join(OUT, `${name}.png`)
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' })
  if (pngquant) spawnSync('pngquant', ['--quality', '70-95', '--speed', '1', '--strip', '--force', '--output', path, path], { stdio: 'inherit' })
  console.info(`${path}: ${Math.round(statSync(path).size / 1024)} KB`)
}

// The same browser as the end-to-end tests: Debian's Chromium unless told otherwise.
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? '/usr/bin/chromium'
if (!existsSync(executablePath)) {
  console.error(`No Chromium at ${executablePath}: install Debian's chromium package or set PLAYWRIGHT_CHROMIUM_EXECUTABLE.`)
  process.exit(1)
}
const dist = mkdtempSync(join(tmpdir(), 'explorer-screenshots-'))
const build = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' })
if (build.status !== 0) process.exit(1)
const preview = await startPreview(dist)
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] })
try {
  for (const colorScheme of ['light', 'dark'] as const) {
    const page = await browser.newPage({ viewport: VIEWPORT, colorScheme, deviceScaleFactor: 1 })
    await openQuery(page, preview.origin)
    await shoot(page, `demo-${colorScheme}`)
    if (colorScheme === 'light') {
      await page.getByRole('table', { name: 'Results' }).locator('tbody tr[aria-rowindex="3"]').getByRole('button', { name: 'Details' }).click()
      await page.getByRole('dialog').waitFor()
      await page.waitForTimeout(300)
      await shoot(page, 'record-panel')
    }
    await page.close()
  }
} finally {
  await browser.close()
  if (preview.child.pid !== undefined) process.kill(-preview.child.pid)
  rmSync(dist, { recursive: true, force: true })
}
