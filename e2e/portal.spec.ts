// The explorer on portal-shaped addresses, against real reference servers: the API at the site root
// and under /data/en, resource page and API addresses pasted into the form, the resource's name and
// data dictionary from a data package, and what the probe finds there.
import type { Page } from '@playwright/test'
import { ACTION_PATH, fillLiveForm, gridColumn, gridRecords, openApp, pageParams, resultsTable, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { startFaultServer } from './fixtures/fault-server.ts'
import { startPortalServer, WATER, WATER_RESOURCE, type PortalServer } from './fixtures/portal-servers.ts'
import { E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { expect, test as base } from './fixtures/test.ts'

const test = base.extend<object, { portals: { root: PortalServer; nested: PortalServer } }>({
  portals: [
    // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none
    async ({}, use) => {
      const [root, nested] = await Promise.all([startPortalServer('/'), startPortalServer('/data/en')])
      await use({ root, nested })
      await Promise.all([root.stop(), nested.stop()])
    },
    { scope: 'worker' },
  ],
})

const VIEW_ID = '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'

/** Runs the form and returns the request it sent to `baseUrl`. */
async function runAgainst(page: Page, baseUrl: string) {
  const sent = page.waitForRequest((request) => request.url().startsWith(baseUrl + ACTION_PATH) && request.method() !== 'OPTIONS')
  await page.getByRole('button', { name: 'Run query' }).click()
  const request = await sent
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  return request
}

test.beforeEach(async ({ page }) => {
  await openApp(page)
})

test('the API at the site root (--base-path /) and under two segments (/data/en) are both queried', async ({ page, portals }) => {
  for (const server of [portals.root, portals.nested]) {
    await fillLiveForm(page, { baseUrl: server.baseUrl, resourceId: WATER_RESOURCE })
    await expect(page.getByLabel('Base URL')).not.toHaveAttribute('aria-invalid', 'true')
    const request = await runAgainst(page, server.baseUrl)
    expect(request.url()).toBe(`${server.baseUrl}${ACTION_PATH}`)
    await expect(statusRegion(page)).toHaveText(new RegExp(`^Showing ${WATER.records} of ${WATER.records} records`))
    expect(await gridColumn(page, 'site')).toContain('Estuary')
  }
})

test('a resource page address pasted into Resource ID fills in both fields and says so', async ({ page, portals }) => {
  const { nested } = portals
  await page.getByRole('radio', { name: 'Live API' }).check()
  await page.getByLabel('Resource ID').fill(`${nested.baseUrl}/dataset/river-water-quality/resource/${WATER_RESOURCE}/view/${VIEW_ID}`)
  await expect(page.getByLabel('Base URL')).toHaveValue(nested.baseUrl)
  await expect(page.getByLabel('Resource ID')).toHaveValue(WATER_RESOURCE)
  await expect(page.getByText(/^Filled in from the pasted resource page address/)).toHaveText(
    `Filled in from the pasted resource page address: base URL ${nested.baseUrl} and resource ${WATER_RESOURCE}.`,
  )
  // Said politely, never as an alert.
  await expect(page.getByRole('alert')).toHaveCount(0)
  const request = await runAgainst(page, nested.baseUrl)
  expect(request.postDataJSON()).toMatchObject({ resource_id: WATER_RESOURCE })
})

test('an API address pasted into Base URL takes over its q, filters, limit, sort and fields', async ({ page, portals }) => {
  const { root } = portals
  await page.getByRole('radio', { name: 'Live API' }).check()
  const filters = encodeURIComponent(JSON.stringify({ status: 'checked' }))
  await page.getByLabel('Base URL').fill(`${root.origin}/api/3/action/datastore_search?resource_id=${WATER_RESOURCE}&q=weir&filters=${filters}&limit=5&sort=ph%20desc&fields=site,ph&records_format=lists`)
  await expect(page.getByLabel('Base URL')).toHaveValue(root.baseUrl)
  await expect(page.getByLabel('Resource ID')).toHaveValue(WATER_RESOURCE)
  await expect(page.getByLabel('Search text')).toHaveValue('weir')
  await expect(page.getByLabel('Limit')).toHaveValue('5')
  await expect(page.getByRole('button', { name: 'Remove filter status = checked' })).toBeVisible()
  await expect(page.getByText(/^Filled in from the pasted API address/)).toHaveText(
    `Filled in from the pasted API address: base URL ${root.baseUrl}, resource ${WATER_RESOURCE}, search text, a filter, limit 5, sort and 2 columns. ` +
      'Not taken: records_format (the explorer chooses the answer’s format itself).',
  )
  const request = await runAgainst(page, root.baseUrl)
  expect(pageParams(request)).toEqual({ resource_id: WATER_RESOURCE, limit: 5, q: 'weir', filters: { status: 'checked' }, sort: 'ph desc nulls last, _id', fields: ['site', 'ph'] })
  expect(await gridRecords(page)).toEqual([
    { site: 'Upper weir', ph: '7.3' },
    { site: 'Upper weir', ph: '7.2' },
  ])
})

test('Ctrl+Enter after pasting an API address keeps its columns and sort, as Run query does', async ({ page, portals }) => {
  const { root } = portals
  await page.getByRole('radio', { name: 'Live API' }).check()
  await page.getByLabel('Base URL').fill(`${root.origin}/api/action/datastore_search?resource_id=${WATER_RESOURCE}&q=weir&sort=ph%20desc&fields=site,ph`)
  await expect(page.getByLabel('Resource ID')).toHaveValue(WATER_RESOURCE)
  const sent = page.waitForRequest((request) => request.url().startsWith(root.baseUrl + ACTION_PATH) && request.method() !== 'OPTIONS')
  await page.getByLabel('Search text').press('Control+Enter')
  const request = await sent
  expect(request.postDataJSON()).toMatchObject({ resource_id: WATER_RESOURCE, q: 'weir', sort: 'ph desc nulls last, _id', fields: ['site', 'ph'] })
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
})

test('the name and data dictionary of a data package show in the heading, the column headers, the chooser and the record panel', async ({ page, portals }) => {
  await fillLiveForm(page, { baseUrl: portals.nested.baseUrl, resourceId: WATER_RESOURCE })
  await runAgainst(page, portals.nested.baseUrl)
  const records = page.getByRole('region', { name: 'Records' })
  await expect(records.getByRole('heading', { name: WATER.name })).toBeVisible()
  // The id stays visible beside the name.
  await expect(records.getByText(WATER_RESOURCE)).toBeVisible()
  await expect(records.getByText(WATER.description)).toBeVisible()

  const header = resultsTable(page).getByRole('columnheader', { name: 'nitrate_mg_l', exact: true })
  await expect(header).toContainText(WATER.labels.nitrate_mg_l)
  await expect(header).toContainText('nitrate_mg_l')
  // A field without a title keeps its plain id.
  await expect(resultsTable(page).getByRole('columnheader', { name: 'status', exact: true })).toHaveText(/^status/)

  await page.getByRole('button', { name: 'Columns' }).click()
  const chooser = page.getByRole('group', { name: 'Shown columns, in order' })
  await expect(chooser.getByText(WATER.labels.site)).toBeVisible()
  await page.getByRole('button', { name: 'Done' }).click()

  await resultsTable(page).locator('tbody tr[aria-rowindex="2"]').getByRole('button', { name: 'Details' }).click()
  const panel = page.getByRole('dialog', { name: 'Record 1' })
  await expect(panel.getByText(WATER.labels.sampled)).toBeVisible()
  await expect(panel.getByText('Acidity, 0 to 14; 7 is neutral.')).toBeVisible()
})

test('a server that names no resource and has no data dictionary shows plain ids, with no error', async ({ page }) => {
  // Answers every action with a CKAN 2.12 datastore_search result: resource_show has no name in it,
  // datastore_info's fields no info.
  const faults = await startFaultServer()
  try {
    const baseUrl = faults.baseUrl('ckan212')
    await fillLiveForm(page, { baseUrl, resourceId: E2E_PUBLIC_RESOURCE })
    await runAgainst(page, baseUrl)
    await expect(page.getByRole('region', { name: 'Records' }).getByRole('heading', { name: E2E_PUBLIC_RESOURCE })).toBeVisible()
    const headers = resultsTable(page).getByRole('columnheader')
    await expect(headers.first()).toHaveText(/^_id/)
    await expect(page.getByRole('alert')).toHaveCount(0)
  } finally {
    await faults.close()
  }
})

test('the probe reports what a CKAN 2.11-like server offers beyond the seed', async ({ page, portals }) => {
  await fillLiveForm(page, { baseUrl: portals.root.baseUrl, resourceId: WATER_RESOURCE })
  await page.getByRole('button', { name: 'Probe this API' }).click()
  const region = page.getByRole('region', { name: 'API probe' })
  await expect(region).toContainText('behaves like the reference engine')
  await expect(region).toContainText(/distinct\s*accepted/)
  await expect(region).toContainText(/Records as lists \(records_format\)\s*accepted/)
  await expect(region).toContainText(/datastore_info \(data dictionary\)\s*answered, 4 of 5 fields labelled/)
  await expect(region).toContainText(/resource_show \(resource name\)\s*answered/)
  await expect(region).toContainText(`The resource is called “${WATER.name}”.`)
})
