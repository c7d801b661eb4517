// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { isEditable, shortcutFor, type KeyPress } from './shortcut-keys.ts'

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, altKey: false, inEditable: false, ...more })

describe('shortcutFor', () => {
  it('"/" focuses the search text and "?" shows help, but not while typing', () => {
    expect(shortcutFor(press('/'))).toBe('focus-search')
    expect(shortcutFor(press('?'))).toBe('show-help')
    expect(shortcutFor(press('/', { inEditable: true }))).toBeUndefined()
    expect(shortcutFor(press('?', { inEditable: true }))).toBeUndefined()
    expect(shortcutFor(press('/', { ctrlKey: true }))).toBeUndefined()
  })

  it('Ctrl+Enter and Cmd+Enter run from anywhere, typing or not; plain Enter is left to the form', () => {
    expect(shortcutFor(press('Enter', { ctrlKey: true }))).toBe('run')
    expect(shortcutFor(press('Enter', { metaKey: true, inEditable: true }))).toBe('run')
    expect(shortcutFor(press('Enter'))).toBeUndefined()
    expect(shortcutFor(press('Enter', { ctrlKey: true, altKey: true }))).toBeUndefined()
  })
})

function make(html: string): Element | null {
  document.body.innerHTML = html
  return document.body.firstElementChild
}

describe('isEditable', () => {
  it('counts text fields, text areas and editable content as typing, not buttons or checkboxes', () => {
    expect(isEditable(make('<input type="text">'))).toBe(true)
    expect(isEditable(make('<input>'))).toBe(true)
    expect(isEditable(make('<textarea></textarea>'))).toBe(true)
    expect(isEditable(make('<input type="checkbox">'))).toBe(false)
    expect(isEditable(make('<button>x</button>'))).toBe(false)
    expect(isEditable(null)).toBe(false)
  })
})
