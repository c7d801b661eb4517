import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_RESOURCES } from '../demo/metadata.ts'
import { createServerCatalog, ResourceLoadError } from './catalog-setup.ts'

const folder = mkdtempSync(join(tmpdir(), 'catalog-setup-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe('server catalog', () => {
  it('serves the demo resources, unloaded, when no file is given; --private works by id or alias', async () => {
    const catalog = await createServerCatalog({ resources: [], privateIds: ['courses'] })
    const list = catalog.list()
    expect(list.map((summary) => summary.id)).toEqual(DEMO_RESOURCES.map((info) => info.id))
    expect(list.every((summary) => !summary.loaded)).toBe(true)
    expect(list.filter((summary) => summary.isPrivate).map((summary) => summary.aliases)).toEqual([['courses']])
  })

  it('loads the given files at start-up, private where asked', async () => {
    const csv = join(folder, 'a.csv')
    writeFileSync(csv, 'x,y\n1,2\n')
    const catalog = await createServerCatalog({ resources: [{ id: 'a', file: csv }], privateIds: ['a'] })
    expect(catalog.list()).toMatchObject([{ id: 'a', isPrivate: true }])
    expect((await catalog.prepare('a')).size).toBe(1)
  })

  it('fails with the file name for a directory or an unparsable file', async () => {
    await expect(createServerCatalog({ resources: [{ id: 'd', file: `${folder}/x.csv` }], privateIds: [] }))
      .rejects.toThrow(new ResourceLoadError(`${folder}/x.csv: cannot read the file (no such file)`))
    const dir = join(folder, 'dir.csv')
    mkdirSync(dir)
    await expect(createServerCatalog({ resources: [{ id: 'd', file: dir }], privateIds: [] }))
      .rejects.toThrow(`${dir}: cannot read the file (it is a directory)`)
    const bad = join(folder, 'bad.json')
    writeFileSync(bad, '[1]')
    await expect(createServerCatalog({ resources: [{ id: 'b', file: bad }], privateIds: [] }))
      .rejects.toThrow(`${bad}: item 0 (0-based) is a number`)
  })

  it('with onLateLoadError, serves a large CSV from its first chunk on and reports a problem found further down', async () => {
    const csv = join(folder, 'large.csv')
    const rows = Array.from({ length: 200_000 }, (_, i) => `${i},row ${i}`)
    rows.push('1,2,3')
    writeFileSync(csv, `n,text\n${rows.join('\n')}\n`)
    const late: ResourceLoadError[] = []
    const reported = new Promise<void>((resolve) => {
      void createServerCatalog({ resources: [{ id: 'l', file: csv }], privateIds: [], onLateLoadError: (error) => {
        late.push(error)
        resolve()
      } }).then(async (catalog) => {
        // served before the whole file is read: the first chunk is there, the end is not
        const state = await catalog.latest('l')
        expect(state.complete).toBe(false)
        expect(state.table.size).toBeGreaterThan(0)
      })
    })
    await reported
    expect(late.map((error) => error.message)).toEqual([`${csv}: line 200002: 3 values, but the header has 2 columns`])
  })
})
