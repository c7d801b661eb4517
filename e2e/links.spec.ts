// Query links: the page URL is the query. Opened elsewhere it rebuilds the form and the result;
// back and forward move between the queries that were run.
import { addFilter, fillLiveForm, gridRecords, openApp, resultsTable, runQuery, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { E2E_BASE_URL, E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { expect, test } from './fixtures/test.ts'

test('a query link opened in a fresh browser context reproduces the form and the result', async ({ page, browser, baseURL, problems }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, q: 'a', limit: '7', method: 'GET' })
  await addFilter(page, 'stage', 'active')
  await addFilter(page, 'stage', 'pending')
  await runQuery(page)
  const feeHeader = resultsTable(page).getByRole('columnheader', { name: 'fee', exact: true })
  await feeHeader.getByRole('button', { name: 'fee', exact: true }).click()
  await feeHeader.getByRole('button', { name: 'fee', exact: true }).click()
  await expect(feeHeader).toHaveAttribute('aria-sort', 'descending')
  await expect(statusRegion(page)).toHaveText(/sorted by the server/)
  const original = await gridRecords(page)
  const originalStatus = (await statusRegion(page).textContent())?.replace(/ · \d+ ms/, '')
  const link = page.url()

  const fresh = await browser.newContext({ baseURL })
  try {
    const other = await fresh.newPage()
    problems.watch(other)
    const sent = other.waitForRequest((request) => request.url().startsWith(E2E_BASE_URL) && request.method() === 'GET')
    await other.goto(link)
    const request = await sent
    expect(new URL(request.url()).searchParams.get('sort')).toBe('fee desc nulls last, _id')
    await expect(statusRegion(other)).toHaveText(SUCCESS_STATUS)

    await expect(other.getByRole('radio', { name: 'Live API' })).toBeChecked()
    await expect(other.getByRole('radio', { name: 'GET', exact: true })).toBeChecked()
    await expect(other.getByLabel('Base URL')).toHaveValue(E2E_BASE_URL)
    await expect(other.getByLabel('Resource ID')).toHaveValue(E2E_PUBLIC_RESOURCE)
    await expect(other.getByLabel('Search text')).toHaveValue('a')
    await expect(other.getByLabel('Limit')).toHaveValue('7')
    await expect(other.getByRole('button', { name: 'Remove filter stage = active' })).toBeVisible()
    await expect(other.getByRole('button', { name: 'Remove filter stage = pending' })).toBeVisible()
    await expect(resultsTable(other).getByRole('columnheader', { name: 'fee', exact: true })).toHaveAttribute('aria-sort', 'descending')
    expect((await statusRegion(other).textContent())?.replace(/ · \d+ ms/, '')).toBe(originalStatus)
    expect(await gridRecords(other)).toEqual(original)
  } finally {
    await fresh.close()
  }
})

test('back and forward move between the queries that were run, form and results together', async ({ page }) => {
  await openApp(page)
  const search = page.getByLabel('Search text')
  const runWith = async (text: string) => {
    await search.fill(text)
    await search.press('Enter')
    await expect(page).toHaveURL(new RegExp(`[?&]q=${text}(&|$)`))
    await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  }
  await runWith('Bio')
  const bio = await gridRecords(page)
  await runWith('Chem')
  const chem = await gridRecords(page)
  expect(chem).not.toEqual(bio)

  await page.goBack()
  await expect(search).toHaveValue('Bio')
  await expect(statusRegion(page)).toHaveText(new RegExp(`^Showing ${bio.length} of ${bio.length} records`))
  expect(await gridRecords(page)).toEqual(bio)

  await page.goForward()
  await expect(search).toHaveValue('Chem')
  await expect(statusRegion(page)).toHaveText(new RegExp(`^Showing ${chem.length} of ${chem.length} records`))
  expect(await gridRecords(page)).toEqual(chem)
})
