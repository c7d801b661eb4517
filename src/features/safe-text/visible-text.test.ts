import { describe, expect, it } from 'vitest'
import { HIDDEN, visibleText } from './visible-text.ts'

describe('visibleText', () => {
  it('leaves ordinary text alone, right-to-left scripts included', () => {
    for (const text of ['data.example.org:8800', 'Écoles 2024', 'مدارس', 'שלום', 'a\u200Db (a joiner)']) expect(visibleText(text)).toBe(text)
  })

  it('names the direction controls, so an override neither works nor hides', () => {
    expect(visibleText('gro.elpmaxe\u202E.evil')).toBe('gro.elpmaxe‹RLO›.evil')
    expect(visibleText('\u2067x\u2069 \u200F \u202A\u202C')).toBe('‹RLI›x‹PDI› ‹RLM› ‹LRE›‹PDF›')
    expect(visibleText('\u061C\u2066\u2068\u202B\u202D\u200E')).toBe('‹ALM›‹LRI›‹FSI›‹RLE›‹LRO›‹LRM›')
  })

  it('names C0 controls and DEL, and gives the code of C1 controls, separators and the BOM', () => {
    expect(visibleText('a\nb\tc\u0000\u001B[31m\u001F\u007F')).toBe('a‹LF›b‹HT›c‹NUL›‹ESC›[31m‹US›‹DEL›')
    expect(visibleText('x\u0085y\u009Bz')).toBe('x‹U+0085›y‹U+009B›z')
    expect(visibleText('\u2028\u2029\uFEFF')).toBe('‹U+2028›‹U+2029›‹U+FEFF›')
  })

  it('can keep line feeds and tabs of text laid out in lines', () => {
    expect(visibleText('{\n\t"id": "a\u202Eb\r"\n}', { keepLines: true })).toBe('{\n\t"id": "a‹RLO›b‹CR›"\n}')
  })

  it('leaves no direction control or control character in what it returns', () => {
    let all = ''
    for (let code = 0; code < 0x3000; code++) all += String.fromCodePoint(code)
    const shown = visibleText(all)
    expect(shown).not.toMatch(new RegExp(HIDDEN.source))
  })
})
