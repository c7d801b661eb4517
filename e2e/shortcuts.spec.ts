// Keyboard shortcuts: "/" search text, Ctrl/Cmd+Enter runs from anywhere, "?" lists them.
import { ACTION_PATH, fillLiveForm, isTotalRequest, openApp, runQuery, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { E2E_BASE_URL, E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { expect, test } from './fixtures/test.ts'

test('"/" focuses the search text, except while typing in a field', async ({ page }) => {
  await openApp(page)
  await page.getByRole('button', { name: 'Run query' }).focus()
  await page.keyboard.press('/')
  const search = page.getByLabel('Search text')
  await expect(search).toBeFocused()
  await page.keyboard.type('a/b')
  await expect(search).toHaveValue('a/b')
})

test('demo: Ctrl+Enter runs the form as shown, from outside the form too', async ({ page }) => {
  await openApp(page)
  await page.getByLabel('Search text').fill('Physics')
  await page.getByRole('button', { name: 'Export' }).focus()
  await page.keyboard.press('Control+Enter')
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Physics')
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
})

test('live: Ctrl+Enter in a field sends the query once', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '3' })
  await runQuery(page)
  const sent: string[] = []
  page.on('request', (request) => {
    // the page's own request (a total asked for apart is not a second submission)
    if (request.url().startsWith(E2E_BASE_URL + ACTION_PATH) && request.method() !== 'OPTIONS' && !isTotalRequest(request)) sent.push(request.postData() ?? '')
  })
  await page.getByLabel('Search text').fill('Biology')
  await page.getByLabel('Search text').press('Control+Enter')
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  await expect.poll(() => sent.length).toBe(1)
  expect(JSON.parse(sent[0])).toMatchObject({ q: 'Biology' })
  // Nothing else arrives a moment later (no second submission).
  await page.waitForTimeout(300)
  expect(sent).toHaveLength(1)
})

test('"?" opens the Keyboard shortcuts dialog; Esc closes it and focus returns', async ({ page }) => {
  await openApp(page)
  const run = page.getByRole('button', { name: 'Run query' })
  await run.focus()
  await page.keyboard.press('?')
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Focus the search text')
  await expect(dialog).toContainText('Show these shortcuts')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(run).toBeFocused()

  await page.keyboard.press('?')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(run).toBeFocused()
})
