// Probe this API: the reference server is reported as behaving like the reference engine; a private
// resource with the token shows the Authorization header; an unreachable API is said plainly.
import { fillLiveForm, openApp } from './fixtures/app.ts'
import { closedPort } from './fixtures/fault-server.ts'
import { E2E_PRIVATE_RESOURCE, E2E_PUBLIC_RESOURCE, E2E_TOKEN } from './fixtures/server-args.ts'
import { BROWSER_NETWORK_LOG, expect, test } from './fixtures/test.ts'

test('the reference server behaves like the reference engine', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE })
  await page.getByRole('button', { name: 'Probe this API' }).click()
  const region = page.getByRole('region', { name: 'API probe' })
  await expect(region).toContainText('behaves like the reference engine')
  await expect(region).toContainText(/Cross-origin requests \(CORS\)\s*allowed/)
  await expect(region).toContainText(/Filters in a GET request\s*accepted/)
  await expect(region).toContainText(/Free text \(q\)\s*substring/)
  await expect(region).toContainText('both present (CKAN 2.11 or older)')
  await expect(region).toContainText(/Token header\s*not tested/)
})

test('with a token on a private resource, the probe finds the Authorization header', async ({ page, problems }) => {
  problems.allowConsoleError(BROWSER_NETWORK_LOG.httpStatus(403))
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PRIVATE_RESOURCE, token: E2E_TOKEN })
  const sent: { url: string; auth?: string }[] = []
  page.on('request', (request) => {
    if (request.method() !== 'OPTIONS') sent.push({ url: request.url(), auth: request.headers()['authorization'] })
  })
  await page.getByRole('button', { name: 'Probe this API' }).click()
  const region = page.getByRole('region', { name: 'API probe' })
  await expect(region).toContainText(/Token header\s*Authorization/)
  await expect(region).toContainText('behaves like the reference engine')
  // The token went only to the probed base URL.
  const withToken = sent.filter((request) => request.auth !== undefined)
  expect(withToken.length).toBeGreaterThan(0)
  expect(withToken.every((request) => request.auth === E2E_TOKEN && request.url.startsWith('http://127.0.0.1:'))).toBe(true)
})

test('an API the browser cannot read is reported as such', async ({ page, problems }) => {
  problems.allowConsoleError(BROWSER_NETWORK_LOG.refused)
  await openApp(page)
  await fillLiveForm(page, { baseUrl: `http://127.0.0.1:${await closedPort()}/data`, resourceId: E2E_PUBLIC_RESOURCE })
  await page.getByRole('button', { name: 'Probe this API' }).click()
  await expect(page.getByRole('region', { name: 'API probe' })).toContainText('not allowed, or the server is unreachable')
})
