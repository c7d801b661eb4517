// SQL end to end: the `Query` switch, the editor, answers in the Results grid, errors beside the editor,
// the link, in demo mode (PGlite in the browser, over the demo resources and an added file) and live
// (the reference server with --sql). Expected answers are worked out from the data, never copied.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { COURSES_RESOURCE_ID, DEMO_RESOURCES, LARGE_RESOURCE_ID } from '../src/demo/metadata.ts'
import { loadCourses } from './fixtures/courses-oracle.ts'
import { fillLiveForm, gridRecords, openApp, statusRegion } from './fixtures/app.ts'
import { E2E_BASE_URL, E2E_PRIVATE_RESOURCE, E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { BROWSER_NETWORK_LOG, expect, test } from './fixtures/test.ts'

const SQL_ANSWER = /^Showing [\d,]+ records? · \d+ ms/
const COURSES_RECORDS = DEMO_RESOURCES.find((resource) => resource.id === COURSES_RESOURCE_ID)?.records ?? 0

function sqlBox(page: Page) {
  return page.getByRole('textbox', { name: 'SQL' })
}

async function chooseSql(page: Page): Promise<void> {
  await page.getByRole('radiogroup', { name: 'Query' }).getByRole('radio', { name: 'SQL' }).check()
  // The editor itself (CodeMirror) once its chunk is in; a plain text area with the same name before.
  await expect(page.locator('.sql-editor [role="textbox"]')).toBeVisible()
}

async function writeSql(page: Page, sql: string): Promise<void> {
  await sqlBox(page).fill(sql)
  await expect(sqlBox(page)).toHaveText(sql.replace(/\n/g, ''))
}

async function runSql(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Run query' }).click()
}

test('demo: SQL on Courses counts per subject, in the Results grid, sorted in the browser', async ({ page }) => {
  test.setTimeout(90_000)
  await openApp(page)
  await chooseSql(page)
  await page.getByRole('button', { name: 'Count per subject' }).click()
  await expect(statusRegion(page)).toHaveText(SQL_ANSWER, { timeout: 60_000 })
  const rows = await gridRecords(page)
  expect(rows.length).toBeGreaterThan(1)
  // Every course is counted once: the counts add up to the resource's records.
  expect(rows.reduce((sum, row) => sum + Number(row.records), 0)).toBe(COURSES_RECORDS)
  // The same subjects the search answers (the grid of the search form, then the SQL answer's).
  const subjects = rows.map((row) => row.subject).sort()
  expect(new Set(subjects).size).toBe(subjects.length)

  // Ctrl+Enter in the editor runs the statement written there.
  await writeSql(page, `SELECT count(*) AS n FROM "${COURSES_RESOURCE_ID}" WHERE stage = 'active'`)
  await sqlBox(page).press('Control+Enter')
  await expect(resultsTable(page).getByRole('columnheader', { name: /^n\b/ })).toBeVisible({ timeout: 30_000 })
  const [{ n }] = await gridRecords(page)
  // The demo engine's datastore_search agrees: the filter stage = active has that total.
  await page.goto(`/?resource=${COURSES_RESOURCE_ID}&limit=0&filter.stage=active`)
  await expect(statusRegion(page)).toHaveText(new RegExp(`^Showing 0 of ${n} records`))
})

function resultsTable(page: Page) {
  return page.getByRole('table', { name: 'Results' })
}

test('demo: an error is shown beside the editor with its line and column, and the link holds the SQL', async ({ page }) => {
  test.setTimeout(90_000)
  await openApp(page)
  await chooseSql(page)
  await writeSql(page, `SELECT *\nFROM "${COURSES_RESOURCE_ID}"\nWHER stage = 'active'`)
  await runSql(page)
  const box = page.locator('.sql-editor [role="textbox"]')
  await expect(box).toHaveAttribute('aria-invalid', 'true', { timeout: 60_000 })
  const describedBy = await box.getAttribute('aria-describedby')
  const message = page.locator(`[id="${describedBy}"]`)
  await expect(message).toContainText('syntax error at or near "stage"')
  await expect(message).toContainText('line 3, column 6')

  // A statement that runs, then the link: it holds the SQL and, opened, restores and runs it.
  const sql = `SELECT stage, count(*) AS courses FROM "${COURSES_RESOURCE_ID}" GROUP BY stage ORDER BY stage`
  await writeSql(page, sql)
  await runSql(page)
  await expect(statusRegion(page)).toHaveText(SQL_ANSWER, { timeout: 60_000 })
  await expect(box).not.toHaveAttribute('aria-invalid', 'true')
  const link = new URL(page.url())
  expect(link.searchParams.get('sql')).toBe(sql)
  const shown = await gridRecords(page)

  const other = await page.context().newPage()
  await other.goto(link.pathname + link.search)
  await expect(other.getByRole('radio', { name: 'SQL' })).toBeChecked()
  await expect(statusRegion(other)).toHaveText(SQL_ANSWER, { timeout: 60_000 })
  await expect(other.locator('.sql-editor [role="textbox"]')).toHaveText(sql)
  expect(await gridRecords(other)).toEqual(shown)
})

test('demo: a statement on the 1,000,000-record resource shows its loading and can be cancelled; the next one runs', async ({ page }) => {
  test.setTimeout(90_000)
  await openApp(page)
  await chooseSql(page)
  await writeSql(page, `SELECT category, count(*) FROM "${LARGE_RESOURCE_ID}" GROUP BY category`)
  await runSql(page)
  await expect(page.getByRole('progressbar', { name: 'Preparing the demo resource' })).toBeVisible({ timeout: 60_000 })
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(statusRegion(page)).toHaveText(/^Query cancelled/)
  // The worker was ended with its statement; a fresh one answers the next statement.
  await writeSql(page, `SELECT count(*) AS n FROM "${COURSES_RESOURCE_ID}"`)
  await runSql(page)
  await expect(statusRegion(page)).toHaveText(SQL_ANSWER, { timeout: 60_000 })
  expect((await gridRecords(page))[0]?.n).toBe(String(COURSES_RECORDS))
})

test('demo: a statement run while another is still running replaces it and is answered', async ({ page }) => {
  test.setTimeout(90_000)
  await openApp(page)
  await chooseSql(page)
  await writeSql(page, `SELECT count(*) AS n FROM "${COURSES_RESOURCE_ID}"`)
  await runSql(page)
  await expect(statusRegion(page)).toHaveText(SQL_ANSWER, { timeout: 60_000 })
  // a statement that runs for many seconds, then another before it ends
  await writeSql(page, 'SELECT count(*) AS slow FROM generate_series(1, 300000000)')
  await runSql(page)
  await expect(statusRegion(page)).toHaveText(/^Loading/)
  await writeSql(page, `SELECT count(*) AS n FROM "${COURSES_RESOURCE_ID}" WHERE stage = 'active'`)
  await runSql(page)
  // the running one is stopped with its engine; the new one is answered by a fresh engine, not refused
  await expect(statusRegion(page)).toHaveText(SQL_ANSWER, { timeout: 60_000 })
  await expect(page.getByText('Query cancelled')).toHaveCount(0)
  const [{ n }] = await gridRecords(page)
  // the demo engine's datastore_search agrees
  await page.goto(`/?resource=${COURSES_RESOURCE_ID}&limit=0&filter.stage=active`)
  await expect(statusRegion(page)).toHaveText(new RegExp(`^Showing 0 of ${n} records`))
})

test('demo: SQL over an added file', async ({ page }) => {
  test.setTimeout(90_000)
  const folder = await mkdtemp(join(tmpdir(), 'sql-own-'))
  try {
    const lines = ['name,grp,amount']
    for (let i = 1; i <= 500; i++) lines.push(`item ${i},g${i % 4},${i}`)
    const path = join(folder, 'mine.csv')
    await writeFile(path, lines.join('\n') + '\n')
    await openApp(page)
    await page.getByLabel('Add a data file').setInputFiles(path)
    await expect(page.getByText(/^Added mine\.csv/)).toBeVisible({ timeout: 30_000 })
    const id = await page.getByLabel('Resource ID').inputValue()
    await chooseSql(page)
    await writeSql(page, `SELECT grp, sum(amount) AS total FROM "${id}" GROUP BY grp ORDER BY grp`)
    await runSql(page)
    await expect(statusRegion(page)).toHaveText(SQL_ANSWER, { timeout: 60_000 })
    const expected = new Map<string, number>()
    for (let i = 1; i <= 500; i++) expected.set(`g${i % 4}`, (expected.get(`g${i % 4}`) ?? 0) + i)
    const rows = await gridRecords(page)
    // the grid groups digits (31,500); the value itself is the number
    expect(rows.map((row) => [row.grp, Number(row.total?.replaceAll(',', ''))])).toEqual([...expected].sort(([a], [b]) => a.localeCompare(b)))
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})

test('live: SQL against the reference server with --sql, sent as datastore_search_sql', async ({ page, problems }) => {
  test.setTimeout(60_000)
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE })
  await chooseSql(page)
  const sql = `SELECT stage, count(*) AS courses FROM "${E2E_PUBLIC_RESOURCE}" GROUP BY stage ORDER BY stage`
  await writeSql(page, sql)
  const sent = page.waitForRequest((request) => request.url().startsWith(`${E2E_BASE_URL}/api/action/datastore_search_sql`) && request.method() === 'POST')
  await runSql(page)
  expect((await sent).postDataJSON()).toEqual({ sql })
  await expect(statusRegion(page)).toHaveText(SQL_ANSWER)
  const expected = new Map<string, number>()
  for (const row of loadCourses()) expected.set(row.stage, (expected.get(row.stage) ?? 0) + 1)
  const rows = await gridRecords(page)
  expect(rows.map((row) => [row.stage, Number(row.courses)])).toEqual([...expected].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
  // The request panel and the snippets send the same statement.
  await expect(page.getByRole('region', { name: 'Request' })).toContainText('datastore_search_sql')

  // A private resource without its token: refused, and said so.
  problems.allowConsoleError(BROWSER_NETWORK_LOG.httpStatus(403))
  await writeSql(page, `SELECT count(*) FROM "${E2E_PRIVATE_RESOURCE}"`)
  await runSql(page)
  await expect(page.getByRole('alert')).toContainText('403')
})
