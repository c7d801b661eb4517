// A private resource: refused without a token, answered with it, and the token never lands in the
// URL, the history, storage, cookies or copied links (unless "Remember for this tab" is ticked).
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { fillLiveForm, gridColumn, openApp, pageParams, runQuery } from './fixtures/app.ts'
import { E2E_BASE_URL, E2E_PRIVATE_RESOURCE, E2E_TOKEN } from './fixtures/server-args.ts'
import { BROWSER_NETWORK_LOG, expect, test } from './fixtures/test.ts'

const students = (JSON.parse(readFileSync(new URL('./fixtures/private-grades.json', import.meta.url), 'utf8')) as { student: string }[]).map(
  (row) => row.student,
)

async function storageText(page: Page): Promise<{ local: string; session: string }> {
  const [local, session] = await page.evaluate(() =>
    [localStorage, sessionStorage].map((storage) => JSON.stringify(Object.fromEntries(Object.keys(storage).map((key) => [key, storage.getItem(key)])))),
  )
  return { local: local ?? '', session: session ?? '' }
}

/** Every URL in this tab's history, walking back to the first page of the app and forward again. */
async function historyUrls(page: Page, appOrigin: string): Promise<string[]> {
  const urls = [page.url()]
  let steps = 0
  while (steps < 50) {
    await page.goBack()
    if (!page.url().startsWith(appOrigin)) break
    urls.push(page.url())
    steps++
  }
  return urls
}

test('a private resource: 403 without a token, rows with it, and the token is kept out of URL, history, storage, cookies and copied text', async ({
  page,
  context,
  baseURL,
  problems,
}) => {
  problems.allowConsoleError(BROWSER_NETWORK_LOG.httpStatus(403))
  const appOrigin = new URL(baseURL ?? '').origin
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appOrigin })
  await openApp(page)

  await fillLiveForm(page, { resourceId: E2E_PRIVATE_RESOURCE, q: '', limit: '10' })
  const refused = await runQuery(page)
  expect((await refused.response())?.status()).toBe(403)
  expect((await refused.allHeaders()).authorization).toBeUndefined()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Access denied (403)')
  await expect(alert).toContainText('API token')
  await expect(page.getByLabel('Resource ID')).toHaveValue(E2E_PRIVATE_RESOURCE)

  await page.getByLabel('API token', { exact: true }).fill(E2E_TOKEN)
  await expect(page.getByLabel('API token', { exact: true })).toHaveAttribute('type', 'password')
  const granted = await runQuery(page)
  expect((await granted.allHeaders()).authorization).toBe(E2E_TOKEN)
  expect(pageParams(granted)).toEqual({ resource_id: E2E_PRIVATE_RESOURCE, limit: 10 })
  await expect(alert).toBeHidden()
  expect(await gridColumn(page, 'student')).toEqual(students)

  // By GET too the token travels only in the Authorization header, never in the query string.
  await page.getByRole('radio', { name: 'GET', exact: true }).check()
  const byGet = await runQuery(page)
  expect(byGet.method()).toBe('GET')
  expect((await byGet.allHeaders()).authorization).toBe(E2E_TOKEN)
  expect(byGet.url()).not.toContain(E2E_TOKEN)
  expect(await gridColumn(page, 'student')).toEqual(students)

  // The request panel shows a placeholder; copied link and curl carry no token.
  const requestPanel = page.getByRole('region', { name: 'Request' })
  await expect(requestPanel).toContainText('<API_TOKEN>')
  await expect(requestPanel).not.toContainText(E2E_TOKEN)
  await page.getByRole('button', { name: 'Copy link' }).click()
  await expect(page.getByText('Copied the link.')).toBeVisible()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(link).toContain(E2E_PRIVATE_RESOURCE)
  expect(link).not.toContain(E2E_TOKEN)
  await page.getByRole('button', { name: 'Copy as curl' }).click()
  await expect(page.getByText('Copied the curl command.')).toBeVisible()
  const curl = await page.evaluate(() => navigator.clipboard.readText())
  expect(curl).toContain(E2E_BASE_URL)
  expect(curl).toContain('<API_TOKEN>')
  expect(curl).not.toContain(E2E_TOKEN)

  const storage = await storageText(page)
  expect(storage.local).not.toContain(E2E_TOKEN)
  expect(storage.session).not.toContain(E2E_TOKEN)
  expect(JSON.stringify(await context.cookies())).not.toContain(E2E_TOKEN)
  const urls = await historyUrls(page, appOrigin)
  expect(urls.length).toBeGreaterThan(1)
  for (const url of urls) expect(url).not.toContain(E2E_TOKEN)
})

test('"Remember for this tab" keeps the token in session storage only, and a reload finds it again', async ({ page, context }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PRIVATE_RESOURCE, limit: '2', token: E2E_TOKEN })
  await page.getByRole('checkbox', { name: 'Remember for this tab' }).check()
  const granted = await runQuery(page)
  expect((await granted.allHeaders()).authorization).toBe(E2E_TOKEN)

  const storage = await storageText(page)
  expect(storage.session).toContain(E2E_TOKEN)
  expect(storage.local).not.toContain(E2E_TOKEN)
  expect(page.url()).not.toContain(E2E_TOKEN)
  expect(JSON.stringify(await context.cookies())).not.toContain(E2E_TOKEN)

  const again = page.waitForRequest((request) => request.url().startsWith(E2E_BASE_URL) && request.method() === 'POST')
  await page.reload()
  await expect(page.getByLabel('API token', { exact: true })).toHaveValue(E2E_TOKEN)
  expect((await (await again).allHeaders()).authorization).toBe(E2E_TOKEN)
  expect(await gridColumn(page, 'student')).toEqual(students.slice(0, 2))
})
