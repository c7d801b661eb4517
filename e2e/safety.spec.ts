// Safety users rely on: hostile links, hostile record values, the Content-Security-Policy, and the
// token never shown in messages or sent unencrypted without a warning.
import type { Page } from '@playwright/test'
import { describedText, fillLiveForm, openApp, resultsTable, runQuery, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { HOSTILE_VALUES, startFaultServer, type FaultServer } from './fixtures/fault-server.ts'
import { E2E_BASE_URL, E2E_PRIVATE_RESOURCE, E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { BROWSER_NETWORK_LOG, expect, test } from './fixtures/test.ts'

let faults: FaultServer
test.beforeAll(async () => {
  faults = await startFaultServer()
})
test.afterAll(async () => {
  await faults.close()
})

function failOnDialog(page: Page): void {
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`)
  })
}

function foreignRequests(page: Page, appOrigin: string): string[] {
  const urls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== appOrigin) urls.push(request.url())
  })
  return urls
}

const linkNote = (page: Page) => page.getByRole('region', { name: /Parts of the link you opened were ignored/ })

test('a hostile link: what was ignored is listed, the rest is kept, no token stays in the URL, nothing runs until the user does', async ({
  page,
  baseURL,
  problems,
}) => {
  const appOrigin = new URL(baseURL ?? '').origin
  failOnDialog(page)
  const foreign = foreignRequests(page, appOrigin)
  // Whatever base URL the form falls back to must be the only other address asked; keep it off the network.
  await page.route((url) => url.origin !== appOrigin, (route) => route.abort())
  problems.allowConsoleError(BROWSER_NETWORK_LOG.failed)

  const params = new URLSearchParams({
    source: 'live',
    base: 'javascript:alert(document.domain)//x',
    resource: E2E_PUBLIC_RESOURCE,
    token: 'stolen-token',
    api_key: 'stolen-key',
    colour: 'red',
    limit: 'lots',
    q: 'hello',
  })
  await page.goto(`/?${params}`)
  const note = linkNote(page)
  await expect(note).toBeVisible()
  for (const name of ['base', 'token', 'api_key', 'colour', 'limit']) await expect(note.locator('code', { hasText: new RegExp(`^${name}$`) })).toHaveCount(1)
  await expect(note).not.toContainText('stolen')

  await expect(page.getByRole('radio', { name: 'Live API' })).toBeChecked()
  await expect(page.getByLabel('Resource ID')).toHaveValue(E2E_PUBLIC_RESOURCE)
  await expect(page.getByLabel('Search text')).toHaveValue('hello')
  await expect(page.getByLabel('API token', { exact: true })).toHaveValue('')
  const shownBase = await page.getByLabel('Base URL').inputValue()
  expect(shownBase).toMatch(/^https?:\/\//)

  await expect(page).not.toHaveURL(/stolen|javascript/)
  // The link's own server was refused, so it waits for the user: nothing is fetched from the form's fallback.
  await expect(statusRegion(page)).toHaveText('Choose a resource and run a query.')
  await page.waitForTimeout(300)
  expect(foreign).toEqual([])
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect.poll(() => foreign.length).toBeGreaterThan(0)
  for (const url of foreign) expect(url.startsWith(shownBase), `${url} is under the base URL the form shows`).toBe(true)

  await page.getByRole('button', { name: 'Dismiss note' }).click()
  await expect(note).toHaveCount(0)
})

test('a 100 KB link parameter is ignored with a note, and the page answers', async ({ page, baseURL }) => {
  // vite preview (Node) refuses such a long request line with 431; serve the page as a lenient static host would.
  await page.route(
    (url) => url.pathname === '/' && url.search.length > 10_000,
    async (route) => route.fulfill({ response: await route.fetch({ url: `${baseURL}/` }) }),
  )
  await page.goto(`/?q=${'x'.repeat(100_000)}&limit=7`)
  await expect(linkNote(page)).toContainText('q')
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  await expect(page.getByLabel('Search text')).toHaveValue('')
  expect(new URL(page.url()).search.length).toBeLessThan(1000)
})

test('a demo link never reaches the network, even when it names a live base URL', async ({ page, baseURL }) => {
  const foreign = foreignRequests(page, new URL(baseURL ?? '').origin)
  await page.goto(`/?base=${encodeURIComponent(E2E_BASE_URL)}&q=Bio&limit=5`)
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  await expect(page.getByRole('radio', { name: 'Demo' })).toBeChecked()
  expect(foreign).toEqual([])
})

test('record values are shown as text; only http(s) values become links', async ({ page }) => {
  failOnDialog(page)
  await openApp(page)
  await fillLiveForm(page, { baseUrl: faults.baseUrl('hostilerecords'), resourceId: E2E_PUBLIC_RESOURCE, limit: '5' })
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(/^Showing 1 of 1 record/)
  const row = resultsTable(page).locator('tbody tr').first()
  await expect(row.locator('td').nth(1)).toHaveText(HOSTILE_VALUES.markup)
  await expect(row.locator('img, b, script')).toHaveCount(0)
  await expect(row.locator('td').nth(2)).toHaveText(HOSTILE_VALUES.script_link)
  await expect(row.locator('td').nth(2).locator('a')).toHaveCount(0)
  const link = row.locator('td').nth(3).getByRole('link')
  await expect(link).toHaveAttribute('href', HOSTILE_VALUES.web_link)
  await expect(link).toHaveAttribute('rel', /noopener/)
  await expect(resultsTable(page).locator('a[href^="javascript:"]')).toHaveCount(0)
})

test('the Content-Security-Policy allows no inline script and no third-party origin, and the browser enforces it', async ({ page, problems }) => {
  problems.allowConsoleError(/Content Security Policy/)
  const html = await (await page.request.get('/')).text()
  const csp = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html)?.[1] ?? ''
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name ?? '', sources]),
  )
  const scriptSources = directives.get('script-src') ?? directives.get('default-src') ?? []
  expect(scriptSources).toContain("'self'")
  expect(scriptSources.filter((source) => source !== "'self'")).toEqual([])
  expect(directives.get('default-src')).toEqual(["'self'"])
  expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i)

  await openApp(page)
  const ran = await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'document.documentElement.dataset.inlineRan = "yes"'
    document.head.append(script)
    return document.documentElement.dataset.inlineRan === 'yes'
  })
  expect(ran, 'an injected inline script is blocked').toBe(false)
})

test('a token for a plain-http host that is not this machine gets a warning before anything is sent', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { baseUrl: 'http://portal.example/data', resourceId: E2E_PUBLIC_RESOURCE, token: 'my-secret' })
  const token = page.getByLabel('API token', { exact: true })
  expect(await describedText(token)).toMatch(/unencrypted|plain http/i)
  expect(await describedText(token)).toContain('portal.example')

  await page.getByLabel('Base URL').fill(E2E_BASE_URL)
  expect(await describedText(token)).not.toMatch(/unencrypted|plain http/i)
})

test('a refused token never appears in the alert or the request panel', async ({ page, problems }) => {
  problems.allowConsoleError(BROWSER_NETWORK_LOG.httpStatus(403))
  await openApp(page)
  const wrong = 'wrong-token-7f3a'
  await fillLiveForm(page, { resourceId: E2E_PRIVATE_RESOURCE, limit: '5', token: wrong })
  const request = await runQuery(page)
  expect((await request.allHeaders()).authorization).toBe(wrong)
  await expect(page.getByRole('alert')).toContainText('403')
  await expect(page.getByRole('alert')).not.toContainText(wrong)
  await expect(page.getByRole('region', { name: 'Request' })).not.toContainText(wrong)
  await expect(page.locator('body')).not.toContainText(wrong)
})
