// A live answer past the size limit (Advanced options; 200 MB unless changed) is stopped as it streams
// in, with a message that says so and how to go on; the form keeps what was typed. The witness server
// streams a 3 MB answer without a Content-Length; the limit is set to 1 MB so the test stays quick.
import type { Page } from '@playwright/test'
import { fillLiveForm, openApp, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { expect, test } from './fixtures/test.ts'
import { startWitnessServer, WITNESS_RESOURCE, type WitnessServer } from './fixtures/witness-server.ts'

let witness: WitnessServer
test.beforeAll(async () => {
  witness = await startWitnessServer({ oversizedBytes: 3_000_000 })
})
test.afterAll(async () => {
  await witness.close()
})

async function setSizeLimit(page: Page, megabytes: string): Promise<void> {
  const field = page.getByLabel('Maximum answer size (MB)')
  if (!(await field.isVisible())) await page.getByText('Advanced options', { exact: true }).click()
  await field.fill(megabytes)
}

for (const { limit, path } of [
  { limit: '50', path: 'read on the page' },
  { limit: '5000', path: 'read in the live-answer worker' },
]) {
  test(`an answer past the size limit is stopped with a clear message (${path})`, async ({ page }) => {
    await openApp(page)
    await fillLiveForm(page, { baseUrl: witness.oversizedUrl, resourceId: WITNESS_RESOURCE, limit })
    await expect(page.getByLabel('Maximum answer size (MB)')).toBeHidden()
    await setSizeLimit(page, '1')
    await page.getByRole('button', { name: 'Run query' }).click()
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('The answer is larger than 1 MB')
    await expect(alert).toContainText(/sent more than the size limit of 1 MB; the explorer stopped reading it after [\d,]+ bytes/)
    await expect(alert).toContainText('raise the size limit')
    await expect(page.getByLabel('Resource ID')).toHaveValue(WITNESS_RESOURCE)

    // Raised past the answer's size, the same query is read in full.
    await setSizeLimit(page, '4')
    await page.getByRole('button', { name: 'Run query' }).click()
    await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
    await expect(alert).toBeHidden()
  })
}

test('a size limit that is not a number of megabytes is refused beside the field, and nothing is sent', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { baseUrl: witness.baseUrl, resourceId: WITNESS_RESOURCE })
  await setSizeLimit(page, 'a lot')
  const before = witness.seen.length
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(page.getByLabel('Maximum answer size (MB)')).toHaveAccessibleDescription(/number of megabytes above 0/)
  expect(witness.seen.length).toBe(before)
})
