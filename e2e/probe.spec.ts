// Probe this API: the reference server is reported as behaving like the reference engine; a private
// resource with the token shows both token headers; a server without CORS headers is told from one
// that does not answer at all.
import { fillLiveForm, openApp } from './fixtures/app.ts'
import { closedPort, startFaultServer } from './fixtures/fault-server.ts'
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
  await expect(region).toContainText(/distinct\s*accepted/)
  await expect(region).toContainText(/Records as lists \(records_format\)\s*accepted/)
})

test('with a token on a private resource, the probe finds both token headers', async ({ page, problems }) => {
  problems.allowConsoleError(BROWSER_NETWORK_LOG.httpStatus(403))
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PRIVATE_RESOURCE, token: E2E_TOKEN })
  const sent: { url: string; auth?: string; key?: string }[] = []
  page.on('request', (request) => {
    if (request.method() !== 'OPTIONS') sent.push({ url: request.url(), auth: request.headers()['authorization'], key: request.headers()['x-ckan-api-key'] })
  })
  await page.getByRole('button', { name: 'Probe this API' }).click()
  const region = page.getByRole('region', { name: 'API probe' })
  await expect(region).toContainText(/Token header\s*Authorization and X-CKAN-API-Key/)
  await expect(region).toContainText('behaves like the reference engine')
  // The token went only to the probed base URL.
  const withToken = sent.filter((request) => request.auth !== undefined || request.key !== undefined)
  expect(withToken.some((request) => request.key === E2E_TOKEN)).toBe(true)
  expect(withToken.every((request) => (request.auth ?? request.key) === E2E_TOKEN && request.url.startsWith('http://127.0.0.1:'))).toBe(true)
})

test('an address where nothing answers is reported as unreachable', async ({ page, problems }) => {
  problems.allowConsoleError(BROWSER_NETWORK_LOG.refused)
  await openApp(page)
  await fillLiveForm(page, { baseUrl: `http://127.0.0.1:${await closedPort()}/data`, resourceId: E2E_PUBLIC_RESOURCE })
  await page.getByRole('button', { name: 'Probe this API' }).click()
  const region = page.getByRole('region', { name: 'API probe' })
  await expect(region).toContainText('unreachable: nothing answers at this address')
  await expect(region).toContainText('Nothing answers at this address')
})

test('a server that answers but sends no CORS headers is told from a dead one', async ({ page, problems }) => {
  problems.allowConsoleError(BROWSER_NETWORK_LOG.cors)
  problems.allowConsoleError(BROWSER_NETWORK_LOG.failed)
  const faults = await startFaultServer()
  try {
    await openApp(page)
    await fillLiveForm(page, { baseUrl: faults.baseUrl('nocors'), resourceId: E2E_PUBLIC_RESOURCE })
    await page.getByRole('button', { name: 'Probe this API' }).click()
    const region = page.getByRole('region', { name: 'API probe' })
    await expect(region).toContainText('not allowed: the server is up but sends no CORS headers')
    await expect(region).toContainText('ckan.cors.origin_allow_all')
  } finally {
    await faults.close()
  }
})
