// Browse datasets against a real reference server at the site root, serving three data packages (one
// of them two resources and a PDF it does not serve) and two plain files (one private): finding a
// dataset by a word of its description, opening a resource, the private one only with the token,
// pasted root and dataset addresses, the keyboard, a portal whose catalog cannot be read, and demo mode.
import type { Page } from '@playwright/test'
import { fillLiveForm, gridColumn, openApp, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { seriousAxeViolations } from './fixtures/axe-serious.ts'
import { startFaultServer } from './fixtures/fault-server.ts'
import { WATER, WATER_PACKAGE, WATER_RESOURCE } from './fixtures/portal-servers.ts'
import { E2E_BASE_URL, E2E_PRIVATE_RESOURCE, E2E_PUBLIC_RESOURCE, E2E_TOKEN } from './fixtures/server-args.ts'
import { BROWSER_NETWORK_LOG, expect, test as base } from './fixtures/test.ts'
import { startServer, type RunningServer } from '../src/server/test-support/server-process.ts'

const BUDGET = 'e2e/fixtures/catalog/budget/datapackage.json'
const BIRDS = 'e2e/fixtures/catalog/birds/datapackage.json'

const test = base.extend<object, { portal: RunningServer }>({
  portal: [
    // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none
    async ({}, use) => {
      const server = await startServer([
        '--host', '127.0.0.1',
        '--base-path', '/',
        '--resource', `${WATER_RESOURCE}=${WATER_PACKAGE}`,
        '--resource', `spending=${BUDGET}`,
        '--resource', `income=${BUDGET}`,
        '--resource', `counts=${BIRDS}`,
        '--resource', `${E2E_PUBLIC_RESOURCE}=e2e/fixtures/courses.csv`,
        '--resource', `${E2E_PRIVATE_RESOURCE}=e2e/fixtures/private-grades.json`,
        '--private', E2E_PRIVATE_RESOURCE,
        '--token', E2E_TOKEN,
      ])
      await use(server)
      server.child.kill()
      await server.exited
    },
    { scope: 'worker' },
  ],
})

function dialog(page: Page) {
  return page.getByRole('dialog', { name: 'Browse datasets' })
}

function datasets(page: Page) {
  return dialog(page).getByRole('list', { name: 'Datasets' }).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) })
}

async function titles(page: Page): Promise<string[]> {
  return datasets(page).getByRole('heading', { level: 3 }).allTextContents()
}

test.beforeEach(async ({ page }) => {
  await openApp(page)
})

test('a word of a description finds the dataset; Open fills Resource ID and shows its records', async ({ page, portal }) => {
  await fillLiveForm(page, { baseUrl: portal.origin, resourceId: '' })
  await page.getByRole('button', { name: 'Browse datasets' }).click()
  await expect(dialog(page)).toBeVisible()
  await expect(dialog(page)).toContainText(`The datasets of ${portal.origin.replace('http://', '')}`)
  // every public dataset first: three packages and the public file; the private file is not listed
  await expect(datasets(page)).toHaveCount(4)
  expect((await titles(page)).sort()).toEqual(['City budget', 'River water quality', 'Winter bird counts', 'courses'])

  const search = page.getByRole('searchbox', { name: 'Search datasets' })
  await expect(search).toBeFocused()
  const searched = page.waitForRequest((request) => request.url().startsWith(`${portal.origin}/api/action/package_search?q=wintering`))
  await search.fill('wintering')
  await searched
  await expect(dialog(page).getByRole('status')).toHaveText('1 dataset matching “wintering”')
  expect(await titles(page)).toEqual(['Winter bird counts'])
  const item = datasets(page).first()
  await expect(item).toContainText('Coastal Bird Society · CSV · 1 resource')
  await expect(item).toContainText('Volunteer counts of wintering birds along the coast')

  await item.getByRole('button', { name: 'Open Bird counts 2023-2024' }).click()
  await expect(dialog(page)).toBeHidden()
  await expect(page.getByLabel('Resource ID')).toHaveValue('counts')
  await expect(statusRegion(page)).toHaveText(/^Showing 4 of 4 records/)
  expect(await gridColumn(page, 'species')).toEqual(['Dunlin', 'Curlew', 'Eider', 'Dunlin'])
})

test('a data package lists every resource; what is not in the DataStore is shown with why and cannot be opened', async ({ page, portal }) => {
  await fillLiveForm(page, { baseUrl: portal.origin, resourceId: '' })
  await page.getByRole('button', { name: 'Browse datasets' }).click()
  await page.getByRole('searchbox', { name: 'Search datasets' }).fill('municipal council')
  const budget = datasets(page).filter({ hasText: 'City budget' })
  await expect(budget).toContainText('Finance Office · CSV, PDF · 3 resources')
  await expect(budget.getByRole('button', { name: /^Open / })).toHaveText(['Open Spending 2024', 'Open Income 2024'])
  await expect(budget).toContainText('Annual report: not in the DataStore, so it cannot be queried (PDF file)')
  await expect(budget.getByRole('button', { name: 'Open Annual report' })).toHaveCount(0)
  // a field label finds it too
  await page.getByRole('searchbox', { name: 'Search datasets' }).fill('Source of income')
  await expect(dialog(page).getByRole('status')).toHaveText('1 dataset matching “Source of income”')
  await datasets(page).getByRole('button', { name: 'Open Income 2024' }).click()
  await expect(statusRegion(page)).toHaveText(/^Showing 3 of 3 records/)
  await expect(page.getByRole('heading', { name: 'Income 2024' })).toBeVisible()
})

test('the private file is listed and opened only with the token', async ({ page, portal }) => {
  await fillLiveForm(page, { baseUrl: portal.origin, resourceId: '' })
  await page.getByRole('button', { name: 'Browse datasets' }).click()
  const search = page.getByRole('searchbox', { name: 'Search datasets' })
  await search.fill('grade')
  await expect(dialog(page).getByRole('status')).toHaveText('No datasets matching “grade”.')
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toBeHidden()

  await page.getByLabel('API token', { exact: true }).fill(E2E_TOKEN)
  const sent = page.waitForRequest((request) => request.url().includes('/api/action/package_search') && request.method() === 'GET')
  await page.getByRole('button', { name: 'Browse datasets' }).click()
  const request = await sent
  expect(request.url()).toContain('include_private=true')
  expect(await request.headerValue('authorization')).toBe(E2E_TOKEN)
  await page.getByRole('searchbox', { name: 'Search datasets' }).fill('grade')
  const grades = datasets(page)
  await expect(grades).toHaveCount(1)
  await expect(grades).toContainText('private')
  await grades.getByRole('button', { name: 'Open private-grades' }).click()
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  await expect(page.getByLabel('Resource ID')).toHaveValue(E2E_PRIVATE_RESOURCE)
})

test('a portal root pasted into Resource ID opens Browse on it, without the token of another origin', async ({ page, portal }) => {
  // the form talks to the usual server with its token; the pasted portal is another origin
  await fillLiveForm(page, { baseUrl: E2E_BASE_URL, resourceId: '', token: E2E_TOKEN })
  const sent = page.waitForRequest((request) => request.url().startsWith(`${portal.origin}/api/action/package_search`))
  await page.getByLabel('Resource ID').fill(`${portal.origin}/`)
  const request = await sent
  expect(await request.headerValue('authorization')).toBeNull()
  expect(request.url()).not.toContain('include_private')
  await expect(dialog(page)).toBeVisible()
  await expect(datasets(page)).toHaveCount(4)
  await expect(page.getByLabel('Base URL')).toHaveValue(portal.origin)
  await expect(page.getByLabel('Resource ID')).toHaveValue('')
  await expect(page.getByText(`Base URL set to ${portal.origin}; browsing the datasets of ${portal.origin}.`)).toBeVisible()
})

test('a dataset page pasted into Base URL opens Browse on that dataset; a typed base URL does not', async ({ page, portal }) => {
  await page.getByRole('radio', { name: 'Live API' }).check()
  // typing a site address is giving a base URL, nothing more
  await page.getByLabel('Base URL').fill('')
  await page.getByLabel('Base URL').pressSequentially(`${portal.origin}/`)
  await expect(dialog(page)).toHaveCount(0)

  await page.getByLabel('Base URL').fill(`${portal.origin}/dataset/city-budget`)
  await expect(dialog(page)).toBeVisible()
  await expect(dialog(page).getByRole('status')).toHaveText('Dataset city-budget')
  expect(await titles(page)).toEqual(['City budget'])
  await expect(page.getByLabel('Base URL')).toHaveValue(portal.origin)
  // from the one dataset to the whole portal
  await dialog(page).getByRole('button', { name: 'All datasets of the portal' }).click()
  await expect(datasets(page)).toHaveCount(4)
})

test('the keyboard: arrows move from the search box through the results, Enter opens', async ({ page, portal }) => {
  await fillLiveForm(page, { baseUrl: portal.origin, resourceId: '' })
  await page.getByRole('button', { name: 'Browse datasets' }).click()
  const search = page.getByRole('searchbox', { name: 'Search datasets' })
  await search.fill('laboratory')
  await expect(dialog(page).getByRole('status')).toHaveText('1 dataset matching “laboratory”')
  await search.press('ArrowDown')
  const open = dialog(page).getByRole('button', { name: `Open ${WATER.name}` })
  await expect(open).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(search).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(dialog(page)).toBeHidden()
  await expect(statusRegion(page)).toHaveText(new RegExp(`^Showing ${WATER.records} of ${WATER.records} records`))
  // focus is back where the dialog was opened from
  await expect(page.getByRole('button', { name: 'Browse datasets' })).toBeFocused()
})

test('More datasets pages through a catalog of 23 datasets, twenty at a time', async ({ page }) => {
  const ids = Array.from({ length: 23 }, (_, index) => `table-${String(index + 1).padStart(2, '0')}`)
  const server = await startServer(['--host', '127.0.0.1', '--base-path', '/', ...ids.flatMap((id) => ['--resource', `${id}=e2e/fixtures/courses.csv`])])
  try {
    await fillLiveForm(page, { baseUrl: server.origin, resourceId: '' })
    await page.getByRole('button', { name: 'Browse datasets' }).click()
    await expect(dialog(page).getByRole('status')).toHaveText('23 datasets, 20 shown')
    await expect(datasets(page)).toHaveCount(20)
    const next = page.waitForRequest((request) => request.url().includes('/api/action/package_search') && request.url().includes('start=20'))
    await dialog(page).getByRole('button', { name: 'More datasets' }).click()
    await next
    await expect(datasets(page)).toHaveCount(23)
    await expect(dialog(page).getByRole('status')).toHaveText('23 datasets')
    await expect(dialog(page).getByRole('button', { name: 'More datasets' })).toHaveCount(0)
  } finally {
    server.child.kill()
    await server.exited
  }
})

test('a server without a catalog, and one the browser may not read, each get one line; the Resource ID field still works', async ({ page, portal, problems }) => {
  problems.allowConsoleError(BROWSER_NETWORK_LOG.httpStatus(404))
  problems.allowConsoleError(BROWSER_NETWORK_LOG.cors)
  problems.allowConsoleError(BROWSER_NETWORK_LOG.failed)
  await fillLiveForm(page, { baseUrl: `${portal.origin}/nothing-here`, resourceId: '' })
  await page.getByRole('button', { name: 'Browse datasets' }).click()
  await expect(dialog(page)).toContainText('This server has no package_search (404): it answers the DataStore API without a catalog. Enter a resource ID in the form instead.')
  await page.keyboard.press('Escape')

  const faults = await startFaultServer()
  try {
    await page.getByLabel('Base URL').fill(faults.baseUrl('nocors'))
    await page.getByRole('button', { name: 'Browse datasets' }).click()
    await expect(dialog(page)).toContainText('may not allow pages of other sites to read it (CORS)')
    await page.keyboard.press('Escape')
  } finally {
    await faults.close()
  }
  await fillLiveForm(page, { baseUrl: portal.origin, resourceId: 'counts' })
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(/^Showing 4 of 4 records/)
})

test('demo mode browses the demo resources and own files', async ({ page }) => {
  await page.getByLabel('Add a data file').setInputFiles({ name: 'harbour-tides.csv', mimeType: 'text/csv', buffer: Buffer.from('hour,height_m\n0,1.2\n1,1.6\n') })
  await expect(statusRegion(page)).toHaveText(/^Showing 2 of 2 records/)
  await page.getByRole('button', { name: 'Browse datasets' }).click()
  await expect(dialog(page)).toContainText('The datasets of the demo engine')
  expect(await titles(page)).toEqual(expect.arrayContaining(['Datastore Explorer demo data', 'harbour-tides.csv']))
  await page.getByRole('searchbox', { name: 'Search datasets' }).fill('enrolled')
  await expect(dialog(page).getByRole('status')).toHaveText('1 dataset matching “enrolled”')
  expect(await titles(page)).toEqual(['Datastore Explorer demo data'])
  await datasets(page).getByRole('button', { name: 'Open Courses' }).click()
  await expect(statusRegion(page)).toHaveText(/^Showing 100 of 120 records/)
  await expect(page.getByRole('radio', { name: 'Demo' })).toBeChecked()
})

test('a dataset address typed into Resource ID is browsed when the query is run, not sent as an id', async ({ page, portal }) => {
  await fillLiveForm(page, { baseUrl: portal.origin, resourceId: '' })
  await page.getByLabel('Resource ID').pressSequentially(`${portal.origin}/dataset/winter-bird-counts`)
  await expect(dialog(page)).toHaveCount(0)
  await page.getByLabel('Resource ID').press('Enter')
  await expect(dialog(page)).toBeVisible()
  expect(await titles(page)).toEqual(['Winter bird counts'])
  await expect(page.getByLabel('Resource ID')).toHaveValue('')
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation in the dialog (${colorScheme})`, async ({ page, portal }) => {
    await page.emulateMedia({ colorScheme })
    await fillLiveForm(page, { baseUrl: portal.origin, resourceId: '' })
    await page.getByRole('button', { name: 'Browse datasets' }).click()
    await page.getByRole('searchbox', { name: 'Search datasets' }).fill('municipal')
    await expect(dialog(page).getByRole('status')).toHaveText('1 dataset matching “municipal”')
    expect(await seriousAxeViolations(page)).toEqual([])
  })
}
