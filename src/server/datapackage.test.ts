// Frictionless data packages as --resource sources: types from the schema, the data dictionary from
// field titles and descriptions, resource_show's name and description, and start-up errors that
// name the file and the problem.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { datastoreSearch } from '../engine/index.ts'
import { createServerCatalog } from './catalog-setup.ts'
import { parseDataPackage } from './datapackage.ts'

const folder = mkdtempSync(join(tmpdir(), 'datapackage-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const PACKAGE = {
  name: 'school',
  title: 'School data',
  resources: [
    {
      name: 'courses',
      path: 'courses.csv',
      title: 'Courses',
      description: 'Courses offered this year',
      schema: {
        fields: [
          { name: 'subject', type: 'string', title: 'Subject', description: 'What is taught' },
          { name: 'seats', type: 'integer', title: 'Seats' },
          { name: 'fee', type: 'number', description: 'In euros' },
          { name: 'online', type: 'boolean' },
          { name: 'starts', type: 'date' },
          { name: 'updated', type: 'datetime' },
          { name: 'extra', type: 'object' },
        ],
      },
    },
  ],
}

function write(name: string, content: string): string {
  const file = join(folder, name)
  writeFileSync(file, content)
  return file
}

describe('parseDataPackage', () => {
  it('maps Frictionless types to CKAN types and titles/descriptions to the data dictionary', () => {
    const resource = parseDataPackage(JSON.stringify(PACKAGE), 'datapackage.json', 'x')
    expect(resource.fields).toEqual([
      { id: 'subject', type: 'text' },
      { id: 'seats', type: 'int8' },
      { id: 'fee', type: 'numeric' },
      { id: 'online', type: 'bool' },
      { id: 'starts', type: 'date' },
      { id: 'updated', type: 'timestamp' },
      { id: 'extra', type: 'json' },
    ])
    expect(resource.dictionary).toEqual({
      subject: { label: 'Subject', notes: 'What is taught' },
      seats: { label: 'Seats' },
      fee: { notes: 'In euros' },
    })
    expect(resource).toMatchObject({ path: 'courses.csv', title: 'Courses', description: 'Courses offered this year', packageId: 'school' })
  })

  it.each([
    ['not JSON', '{', /^p\/datapackage\.json: not valid JSON/],
    ['no resources', '{"resources": []}', /not a data package: expected an object with a non-empty "resources" list/],
    ['several resources, none named by the id', JSON.stringify({ resources: [{ name: 'a' }, { name: 'b' }] }), /it has 2 resources \(a, b\); name one of them as the resource id/],
    ['a URL path', JSON.stringify({ resources: [{ name: 'a', path: 'https://x.org/a.csv' }] }), /is a URL; download the file/],
    ['a path with ..', JSON.stringify({ resources: [{ name: 'a', path: '../a.csv' }] }), /must be relative to the package, without "\.\."/],
    ['inline data', JSON.stringify({ resources: [{ name: 'a', data: [] }] }), /has inline "data"/],
    ['no schema', JSON.stringify({ resources: [{ name: 'a', path: 'a.csv' }] }), /resource "a" has no "schema" with "fields"/],
    ['not CSV', JSON.stringify({ resources: [{ name: 'a', path: 'a.xlsx', schema: { fields: [{ name: 'x' }] } }] }), /only CSV data is supported/],
  ])('rejects %s with a message naming the file', (_name, json, message) => {
    expect(() => parseDataPackage(json, 'p/datapackage.json', 'z')).toThrow(message)
  })

  it('picks the resource named by the id when there are several', () => {
    const json = JSON.stringify({ resources: [{ name: 'a', path: 'a.csv', schema: { fields: [{ name: 'x' }] } }, { name: 'b', path: 'b.csv', schema: { fields: [{ name: 'y' }] } }] })
    expect(parseDataPackage(json, 'datapackage.json', 'b').path).toBe('b.csv')
  })
})

describe('a data package as --resource', () => {
  it('serves the CSV with the schema types and the dictionary in datastore_search', async () => {
    write('courses.csv', 'subject,seats,fee,online,starts,updated,extra\nBiology,30,10.5,TRUE,2024-09-01,2024-01-02T03:04:05Z,"{""a"":1}"\nArt,,0,0,,,\n')
    const file = write('datapackage.json', JSON.stringify(PACKAGE))
    const catalog = await createServerCatalog({ resources: [{ id: 'c1', file }], privateIds: [] })
    expect(catalog.resolve('c1')).toMatchObject({ title: 'Courses', description: 'Courses offered this year', packageId: 'school', format: 'CSV' })
    const outcome = await datastoreSearch(catalog, { resource_id: 'c1' }, { tokens: [] })
    const result = (outcome.body as { result: { fields: unknown[]; records: unknown[] } }).result
    expect(result.fields.slice(0, 3)).toEqual([
      { id: '_id', type: 'int' },
      { id: 'subject', type: 'text', info: { label: 'Subject', notes: 'What is taught' } },
      { id: 'seats', type: 'int8', info: { label: 'Seats' } },
    ])
    expect(result.records).toEqual([
      { _id: 1, subject: 'Biology', seats: 30, fee: 10.5, online: true, starts: '2024-09-01', updated: '2024-01-02T03:04:05', extra: { a: 1 } },
      { _id: 2, subject: 'Art', seats: null, fee: 0, online: false, starts: null, updated: null, extra: null },
    ])
  })

  it('stops start-up with the data file and line when a value does not fit its type, or a column is unknown', async () => {
    const csv = write('bad.csv', 'subject,seats,fee,online,starts,updated,extra\nBio,many,1,true,,,\n')
    const file = write('bad.datapackage.json', JSON.stringify({ ...PACKAGE, resources: [{ ...PACKAGE.resources[0], path: 'bad.csv' }] }))
    await expect(createServerCatalog({ resources: [{ id: 'b', file }], privateIds: [] })).rejects.toThrow(`${csv}: line 2: `)
    write('odd.csv', 'subject,colour\nx,y\n')
    const odd = write('odd-datapackage.json', JSON.stringify({ ...PACKAGE, resources: [{ ...PACKAGE.resources[0], path: 'odd.csv' }] }))
    await expect(createServerCatalog({ resources: [{ id: 'o', file: odd }], privateIds: [] })).rejects.toThrow(/odd\.csv: line 1: column "colour" is not in the package's schema/)
    const lost = write('lost.datapackage.json', JSON.stringify({ ...PACKAGE, resources: [{ ...PACKAGE.resources[0], path: 'lost.csv' }] }))
    await expect(createServerCatalog({ resources: [{ id: 'l', file: lost }], privateIds: [] })).rejects.toThrow(
      `${lost}: its data file ${join(folder, 'lost.csv')}: cannot read the file (no such file)`,
    )
  })
})
