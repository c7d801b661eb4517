// After one visit the app opens with no network, and demo mode answers: the service worker keeps the
// app shell and the demo engine, and the SQL engine once it has been used.
import { resultsTable, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { expect, test } from './fixtures/test.ts'

const SQL_ANSWER = /^Showing [\d,]+ records? · \d+ ms/

test('after one visit the app opens offline and the demo answers a new query', async ({ page, context, problems }) => {
  test.setTimeout(60_000)
  await page.goto('/?limit=5')
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  // The service worker has installed and activated (the precache is complete).
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    if (!registration.active) throw new Error('no active service worker')
  })
  problems.allowConsoleError(/Failed to load resource|ERR_INTERNET_DISCONNECTED/)
  await context.setOffline(true)
  try {
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Datastore Explorer' })).toBeVisible()
    await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
    await expect(resultsTable(page).locator('tbody tr')).toHaveCount(5)
    // A query never asked before: answered by the demo engine, offline.
    await page.getByLabel('Search text').fill('Biology')
    await page.getByRole('button', { name: 'Run query' }).click()
    await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
    await expect(resultsTable(page).locator('tbody tr').first()).toContainText('Biology')
    // A link opened offline, in a new tab of the same browser, works too.
    const other = await context.newPage()
    problems.watch(other)
    await other.goto('/?limit=3&q=Physics')
    await expect(statusRegion(other)).toHaveText(SUCCESS_STATUS)
    await expect(resultsTable(other).locator('tbody tr')).toHaveCount(3)
  } finally {
    await context.setOffline(false)
  }
})

test('SQL used on the first visit answers offline after it: the engine started before the offline cache is kept too', async ({ page, context, problems }) => {
  test.setTimeout(120_000)
  await page.goto('/?limit=5')
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  // SQL chosen at once: the engine starts before the service worker is even registered.
  const sqlMode = page.getByRole('radiogroup', { name: 'Query' }).getByRole('radio', { name: 'SQL' })
  await sqlMode.check()
  await page.getByRole('button', { name: 'Count per subject' }).click()
  await expect(statusRegion(page)).toHaveText(SQL_ANSWER, { timeout: 60_000 })
  // The worker registers once the user waits for nothing, claims this page, and keeps the engine's files.
  const engineFilesKept = () => page.evaluate(async () => {
    if (!navigator.serviceWorker.controller) return false
    const kept = await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)))
    const urls = kept.flat()
    return ['.wasm', '.data', 'pglite-datadir.tar.gz', 'libpg-query.wasm'].every((end) => urls.some((url) => url.endsWith(end)))
  })
  await expect.poll(engineFilesKept, { timeout: 60_000, intervals: [500] }).toBe(true)
  problems.allowConsoleError(/Failed to load resource|ERR_INTERNET_DISCONNECTED/)
  await context.setOffline(true)
  try {
    // the link holds the statement: PostgreSQL starts in the page again, from the kept files, and answers it
    await page.reload()
    await expect(sqlMode).toBeChecked()
    await expect(statusRegion(page)).toHaveText(SQL_ANSWER, { timeout: 60_000 })
    await expect(resultsTable(page).locator('tbody tr').first()).toBeVisible()
  } finally {
    await context.setOffline(false)
  }
})
