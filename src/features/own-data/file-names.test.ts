import { describe, expect, it } from 'vitest'
import { fileNameOf, FILE_NAMES_KEY, rememberFileName } from './file-names.ts'

function memory(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>()
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) }
}

describe('file names', () => {
  it('names a file by the id it was added under, the newest twenty kept', () => {
    const storage = memory()
    for (let i = 0; i < 25; i++) rememberFileName(storage, `id-${i}`, `file-${i}.csv`)
    expect(fileNameOf(storage, 'id-24')).toBe('file-24.csv')
    expect(fileNameOf(storage, 'id-4')).toBeUndefined()
    expect(fileNameOf(storage, 'toString')).toBeUndefined()
  })

  it('reads anything unreadable as no names', () => {
    const storage = memory()
    storage.setItem(FILE_NAMES_KEY, '[1,2]')
    expect(fileNameOf(storage, '0')).toBeUndefined()
    expect(fileNameOf(undefined, 'x')).toBeUndefined()
  })
})
