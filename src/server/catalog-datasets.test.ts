// The server's catalog as datasets: data packages (several resources served from one package, the
// others listed unserved, license and publisher), plain files named by their base name, never their
// path on the server (resource_show and package_search alike), and the demo resources as one dataset.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatastoreHandler, type Catalog } from '../engine/index.ts'
import { DEMO_PACKAGE_ID, DEMO_RESOURCES } from '../demo/metadata.ts'
import { createServerCatalog, resourceNameOfFile } from './catalog-setup.ts'

const folder = mkdtempSync(join(tmpdir(), 'catalog-datasets-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const PACKAGE = {
  id: 'b7f1c2d4-6a5e-4c3b-9d8a-7e6f5a4b3c2d',
  name: 'city-budget',
  title: 'City budget',
  description: 'Spending and income of the city, by department.',
  licenses: [{ name: 'ODC-BY-1.0', title: 'Open Data Commons Attribution License', path: 'https://opendatacommons.org/licenses/by/' }],
  contributors: [{ title: 'Finance Office', role: 'publisher' }],
  resources: [
    { name: 'spending', title: 'Spending 2024', path: 'spending.csv', schema: { fields: [{ name: 'department', type: 'string', title: 'Department' }, { name: 'amount', type: 'number' }] } },
    { name: 'income', path: 'income.csv', schema: { fields: [{ name: 'source', type: 'string' }, { name: 'amount', type: 'number' }] } },
    { name: 'report', title: 'Annual report', path: 'https://example.org/report.pdf', format: 'pdf' },
    { name: 'notes', path: 'notes.txt' },
  ],
}

function writePackage(): string {
  const dir = join(folder, 'budget')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'spending.csv'), 'department,amount\nParks,10.5\n')
  writeFileSync(join(dir, 'income.csv'), 'source,amount\nTaxes,99\n')
  writeFileSync(join(dir, 'datapackage.json'), JSON.stringify(PACKAGE))
  return join(dir, 'datapackage.json')
}

// oxlint-disable-next-line no-explicit-any -- CKAN's loose JSON, each test checking the parts it names
async function ask(catalog: Catalog, action: string, body: unknown): Promise<{ status: number; result: any }> {
  const handler = createDatastoreHandler({ catalog, basePath: '/', tokens: [] })
  const response = await handler(new Request(`http://127.0.0.1:1/api/3/action/${action}`, { method: 'POST', body: JSON.stringify(body) }))
  const answer = (await response.json()) as { result: unknown }
  return { status: response.status, result: answer.result }
}

describe('server catalog as datasets', () => {
  it('a data package is one dataset: its served resources openable, the others listed unserved, with license and publisher', async () => {
    const file = writePackage()
    const catalog = await createServerCatalog({ resources: [{ id: 'spending', file }, { id: 'income', file }], privateIds: [] })
    const { result } = await ask(catalog, 'package_show', { id: 'city-budget' })
    expect(result).toMatchObject({
      id: PACKAGE.id,
      name: 'city-budget',
      title: 'City budget',
      notes: PACKAGE.description,
      license_id: 'ODC-BY-1.0',
      license_title: 'Open Data Commons Attribution License',
      license_url: 'https://opendatacommons.org/licenses/by/',
      organization: { name: 'finance-office', title: 'Finance Office' },
      num_resources: 4,
    })
    expect(result.resources.map((resource: { name: string; datastore_active: boolean; format: string; url: string }) => [resource.name, resource.datastore_active, resource.format, resource.url])).toEqual([
      ['Spending 2024', true, 'CSV', ''],
      ['income', true, 'CSV', ''],
      ['Annual report', false, 'PDF', 'https://example.org/report.pdf'],
      // a file beside the package: listed, its path on the server never shown
      ['notes', false, 'TXT', ''],
    ])
    expect(result.metadata_modified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/)
    expect((await ask(catalog, 'resource_show', { id: 'income' })).result).toMatchObject({ name: 'income', package_id: PACKAGE.id })
    expect((await ask(catalog, 'organization_list', {})).result).toEqual(['finance-office'])
    // a field label of the package finds it
    expect((await ask(catalog, 'package_search', { q: 'department' })).result.count).toBe(1)
  })

  it('a plain file is named by its base name, never its path on the server, in resource_show and package_search', async () => {
    const csv = join(folder, 'seattle-weather.csv')
    writeFileSync(csv, 'date,precipitation\n2012-01-01,0.0\n')
    const catalog = await createServerCatalog({ resources: [{ id: 'weather', file: csv }], privateIds: [] })
    const shown = await ask(catalog, 'resource_show', { id: 'weather' })
    expect(shown.result).toMatchObject({ name: 'seattle-weather', package_id: 'weather' })
    const { result } = await ask(catalog, 'package_search', { q: 'precipitation' })
    expect(result.results).toEqual([expect.objectContaining({ name: 'weather', title: 'seattle-weather', num_resources: 1 })])
    expect(JSON.stringify([shown.result, result])).not.toContain(folder)
  })

  it('names a file by its base name without the extension', () => {
    expect(resourceNameOfFile('/home/someone/data/seattle-weather.csv')).toBe('seattle-weather')
    expect(resourceNameOfFile('C:\\data\\zipcodes.json')).toBe('zipcodes')
    expect(resourceNameOfFile('movies')).toBe('movies')
  })

  it('the demo resources are one dataset', async () => {
    const catalog = await createServerCatalog({ resources: [], privateIds: [] })
    const { result } = await ask(catalog, 'package_search', {})
    expect(result.count).toBe(1)
    expect(result.results[0]).toMatchObject({ name: DEMO_PACKAGE_ID, num_resources: DEMO_RESOURCES.length })
    expect(result.results[0].resources.map((resource: { name: string }) => resource.name)).toEqual(DEMO_RESOURCES.map((info) => info.title))
  })
})
