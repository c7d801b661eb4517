// Bad form input: each problem is named beside its field, what cannot be sent is not sent, and what
// only looks odd is sent as typed after a warning. Live mode, so every request is visible.
import type { Page, Request } from '@playwright/test'
import { addFilter, describedText, fillLiveForm, openApp, pageParams, runQuery, statusRegion } from './fixtures/app.ts'
import { E2E_BASE_URL, E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { BROWSER_NETWORK_LOG, expect, test } from './fixtures/test.ts'

/** Every request the page sends to anything but its own origin, from now on. */
function recordForeignRequests(page: Page, appOrigin: string): Request[] {
  const sent: Request[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== appOrigin) sent.push(request)
  })
  return sent
}

interface BadInput {
  label: 'Limit' | 'Base URL' | 'Resource ID'
  value: string
  says: RegExp
}

const BAD_INPUTS: BadInput[] = [
  { label: 'Limit', value: '-5', says: /negative/i },
  { label: 'Limit', value: '2.5', says: /whole number/i },
  { label: 'Limit', value: 'abc', says: /number/i },
  { label: 'Base URL', value: 'ftp://127.0.0.1/data', says: /http/i },
  { label: 'Base URL', value: 'javascript:alert(1)', says: /http/i },
  // a dataset page arriving whole opens Browse datasets (browse.spec.ts); typed, it is named here
  { label: 'Base URL', value: `${E2E_BASE_URL}/dataset/courses/groups`, says: /dataset page/i },
  { label: 'Base URL', value: `${E2E_BASE_URL}/api`, says: /before \/api/i },
  { label: 'Resource ID', value: '', says: /resource ID/i },
]

test('input that cannot be sent is named beside its field, kept as typed, and nothing is sent', async ({ page, baseURL }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '5' })
  const sent = recordForeignRequests(page, new URL(baseURL ?? '').origin)
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected dialog: ${dialog.message()}`)
  })
  const valid = { 'Limit': '5', 'Base URL': E2E_BASE_URL, 'Resource ID': E2E_PUBLIC_RESOURCE }

  for (const { label, value, says } of BAD_INPUTS) {
    const control = page.getByLabel(label, { exact: true })
    await control.fill(value)
    await page.getByRole('button', { name: 'Run query' }).click()
    await expect(control, `${label} = "${value}" is marked invalid`).toHaveAttribute('aria-invalid', 'true')
    expect(await describedText(control), `${label} = "${value}"`).toMatch(says)
    await expect(control).toHaveValue(value)
    expect(sent.map((request) => `${request.method()} ${request.url()}`), `nothing sent for ${label} = "${value}"`).toEqual([])

    // Corrected, the mark goes away as soon as the field no longer holds the bad value, and the form runs.
    await control.fill(valid[label])
    await expect(control, `${label} corrected is no longer marked`).not.toHaveAttribute('aria-invalid', 'true')
    const request = await runQuery(page)
    expect(pageParams(request)).toEqual({ resource_id: E2E_PUBLIC_RESOURCE, limit: 5 })
    await expect(control).not.toHaveAttribute('aria-invalid', 'true')
    sent.length = 0
  }
})

test('odd but possible input gets a warning beside its field and is sent exactly as typed', async ({ page, problems }) => {
  problems.allowConsoleError(BROWSER_NETWORK_LOG.httpStatus(404))
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '' })
  const limit = page.getByLabel('Limit', { exact: true })
  expect(await describedText(limit)).toMatch(/no limit is sent/i)
  const noLimit = await runQuery(page)
  expect(pageParams(noLimit)).toEqual({ resource_id: E2E_PUBLIC_RESOURCE })

  await limit.fill('50000')
  expect(await describedText(limit)).toMatch(/32,?000/)
  const clamped = await runQuery(page)
  // The limit goes as typed; the reference server has shown it takes lists, so a page this big asks for them.
  expect(pageParams(clamped)).toEqual({ resource_id: E2E_PUBLIC_RESOURCE, limit: 50000, records_format: 'lists' })
  await expect(statusRegion(page)).toHaveText(/^Showing 60 of 60 records/)

  const resourceId = page.getByLabel('Resource ID', { exact: true })
  await resourceId.fill('courses-by-alias')
  expect(await describedText(resourceId)).toMatch(/not a UUID/i)
  await expect(resourceId).not.toHaveAttribute('aria-invalid', 'true')
  const alias = await runQuery(page)
  expect(alias.postDataJSON()).toMatchObject({ resource_id: 'courses-by-alias' })
  await expect(page.getByRole('alert')).toContainText('404')
})

test('the filter editor refuses an empty field or value and a duplicate chip, and warns about odd field names', async ({ page, baseURL }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '5' })
  const sent = recordForeignRequests(page, new URL(baseURL ?? '').origin)
  const field = page.getByLabel('Filter field')
  const value = page.getByLabel('Filter value')
  const add = page.getByRole('button', { name: 'Add filter' })

  await value.fill('active')
  await add.click()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  expect(await describedText(field)).toMatch(/field/i)
  await expect(value).toHaveValue('active')

  await field.fill('stage')
  await value.fill('')
  await add.click()
  await expect(value).toHaveAttribute('aria-invalid', 'true')
  expect(await describedText(value)).toMatch(/value/i)
  await expect(page.getByRole('button', { name: /^Remove filter/ })).toHaveCount(0)

  await addFilter(page, 'stage', 'active')
  await field.fill('stage')
  await value.fill('active')
  await add.click()
  expect(await describedText(value)).toMatch(/already/i)
  await expect(page.getByRole('button', { name: 'Remove filter stage = active' })).toHaveCount(1)

  await field.fill('my field.name')
  await value.fill('x')
  await add.click()
  await expect(page.getByRole('group', { name: 'Filters' })).toContainText(/spaces/)
  expect(sent).toEqual([])
})
