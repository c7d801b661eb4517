import { describe, expect, it } from 'vitest'
import { codesFromTexts } from './column-index.ts'

describe('codesFromTexts', () => {
  it('gives equal texts one code and every distinct text its own, in first-seen order, null as 0', () => {
    const texts = ['b', null, 'a', '', 'b', 'é', 'e\u0301', 'a', '']
    const index = codesFromTexts(texts)
    expect(index.values).toEqual(['', 'b', 'a', '', 'é', 'e\u0301'])
    expect(Array.from(index.codes)).toEqual([1, 0, 2, 3, 1, 4, 5, 2, 3])
    expect(Array.from(index.postings.subarray(index.postingStarts[1], index.postingStarts[2]))).toEqual([0, 4])
  })

  it('looks codes up by text, with the map built on demand agreeing', () => {
    // enough distinct texts to grow the hash table many times, with long shared prefixes
    const texts = Array.from({ length: 20_000 }, (_, i) => `https://example.org/a/very/long/shared/prefix/${i % 7001}`)
    const index = codesFromTexts(texts)
    expect(index.values.length - 1).toBe(7001)
    for (let i = 0; i < texts.length; i += 97) expect(index.values[index.codeFor(texts[i] as string) as number]).toBe(texts[i])
    expect(index.codeFor('https://example.org/a/very/long/shared/prefix/7001')).toBeUndefined()
    expect(index.codeFor('')).toBeUndefined()
    for (let code = 1; code < index.values.length; code += 13) expect(index.codeOf.get(index.values[code] as string)).toBe(code)
    expect(index.codeOf.size).toBe(7001)
  })
})
