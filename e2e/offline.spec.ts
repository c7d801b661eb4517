// After one visit the app opens with no network, and demo mode answers: the service worker keeps the
// app shell and the demo engine.
import { resultsTable, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { expect, test } from './fixtures/test.ts'

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
