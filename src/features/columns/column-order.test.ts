import { array, assert as checkProperty, constantFrom, integer, property, uniqueArray } from 'fast-check'
import { describe, expect, it } from 'vitest'
import { columnEntries, moveColumn, tidyChoice, toggleColumn } from './column-order.ts'

const ALL = ['_id', 'subject', 'stage', 'fee']

describe('column choice', () => {
  it('lists shown columns in the chosen order, then the hidden ones', () => {
    expect(columnEntries(ALL, ['fee', 'subject'])).toEqual([
      { field: 'fee', visible: true },
      { field: 'subject', visible: true },
      { field: '_id', visible: false },
      { field: 'stage', visible: false },
    ])
    expect(columnEntries(ALL, undefined).every((entry) => entry.visible)).toBe(true)
  })

  it('hides and shows again; showing everything in table order means no `fields` at all', () => {
    const hidden = toggleColumn(ALL, undefined, 'stage')
    expect(hidden).toEqual(['_id', 'subject', 'fee'])
    expect(toggleColumn(ALL, hidden, 'stage')).toEqual(['_id', 'subject', 'fee', 'stage'])
    expect(tidyChoice(ALL, [...ALL])).toBeUndefined()
  })

  it('never hides the last shown column', () => {
    expect(toggleColumn(ALL, ['fee'], 'fee')).toEqual(['fee'])
  })

  it('moves a column among the shown ones and stops at either end', () => {
    expect(moveColumn(ALL, undefined, 'fee', -1)).toEqual(['_id', 'subject', 'fee', 'stage'])
    expect(moveColumn(ALL, ['fee', 'subject'], 'fee', -1)).toEqual(['fee', 'subject'])
    expect(moveColumn(ALL, ['fee', 'subject'], 'subject', 1)).toEqual(['fee', 'subject'])
    expect(moveColumn(ALL, undefined, 'subject', -1)).toEqual(['subject', '_id', 'stage', 'fee'])
  })

  it('whatever the user does, every field stays listed exactly once, so a hidden column can come back', () => {
    const action = array(constantFrom(0, 1, 2).chain((kind) => integer({ min: 0, max: 5 }).map((index) => ({ kind, index }))), { maxLength: 30 })
    checkProperty(
      property(uniqueArray(constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { minLength: 1 }), action, (all, actions) => {
        let chosen: string[] | undefined
        for (const { kind, index } of actions) {
          const field = all[index % all.length] ?? 'a'
          chosen = kind === 0 ? toggleColumn(all, chosen, field) : moveColumn(all, chosen, field, kind === 1 ? -1 : 1)
        }
        const listed = columnEntries(all, chosen).map((entry) => entry.field)
        expect(listed.toSorted()).toEqual([...all].toSorted())
        expect(columnEntries(all, chosen).some((entry) => entry.visible)).toBe(true)
      }),
    )
  })
})
