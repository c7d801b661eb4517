import { describe, expect, it } from 'vitest'
import { Catalog } from '../engine/index.ts'
import { COURSES_RESOURCE_ID, DEMO_RESOURCES, LARGE_RESOURCE_ID, VARIED_RESOURCE_ID } from './metadata.ts'
import { registerDemoResources } from './register.ts'
import { readTable } from './testing.ts'

async function recordsOf(resourceId: string) {
  const catalog = new Catalog()
  registerDemoResources(catalog)
  return readTable(await catalog.prepare(resourceId))
}

describe('demo resources', () => {
  it('register lazily under their fixed ids and aliases, and have the record counts the UI shows', async () => {
    const catalog = new Catalog()
    const reports: Array<[string, number, number]> = []
    registerDemoResources(catalog, { largeRecordCount: 20_000, onLoadProgress: (id, done, total) => reports.push([id, done, total]) })
    expect(catalog.list().map((summary) => [summary.id, summary.aliases, summary.loaded]))
      .toEqual(DEMO_RESOURCES.map((info) => [info.id, [info.alias], false]))
    for (const info of DEMO_RESOURCES.filter((candidate) => candidate.id !== LARGE_RESOURCE_ID)) {
      expect((await catalog.prepare(info.alias)).size).toBe(info.records)
    }
    expect((await catalog.prepare(LARGE_RESOURCE_ID)).size).toBe(20_000)
    expect(reports.at(-1)).toEqual([LARGE_RESOURCE_ID, 20_000, 20_000])
  })

  it('each has a data dictionary entry for every one of its fields, and nothing else', async () => {
    const catalog = new Catalog()
    registerDemoResources(catalog, { largeRecordCount: 100 })
    for (const info of DEMO_RESOURCES) {
      const table = await catalog.prepare(info.id)
      expect([info.alias, ...Object.keys(info.dictionary).toSorted()]).toEqual([info.alias, ...table.fields.map((field) => field.id).toSorted()])
      expect(catalog.resolve(info.id)?.dictionary).toBe(info.dictionary)
    }
  })

  it('courses have text subject and stage with "active" among the stages, as the seed examples need', async () => {
    const { fields, records } = await recordsOf(COURSES_RESOURCE_ID)
    expect(fields.filter((field) => field.id === 'subject' || field.id === 'stage')).toEqual([{ id: 'subject', type: 'text' }, { id: 'stage', type: 'text' }])
    expect(records.filter((record) => record.subject === 'Biology' && record.stage === 'active').length).toBeGreaterThan(1)
  })

  it('varied types hold every kind of value a grid must render safely', async () => {
    const { fields, records } = await recordsOf(VARIED_RESOURCE_ID)
    expect(new Set(fields.map((field) => field.type))).toEqual(new Set(['text', 'int4', 'int8', 'numeric', 'float8', 'date', 'timestamp', 'bool', 'json']))
    const values = records.flatMap((record) => Object.values(record))
    expect(values).toContain(null)
    expect(values).toContain('')
    expect(values.some((value) => typeof value === 'string' && value.startsWith('javascript:'))).toBe(true)
    expect(values.some((value) => typeof value === 'string' && value.startsWith('https://'))).toBe(true)
    for (const sample of ['山田', 'مريم', '🦘', 'Ångström']) expect(values.some((value) => typeof value === 'string' && value.includes(sample))).toBe(true)
    expect(values.some((value) => Array.isArray(value))).toBe(true)
    expect(values.some((value) => typeof value === 'string' && value.length > 1_000)).toBe(true)
  })
})
