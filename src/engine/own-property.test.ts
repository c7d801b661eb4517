import { describe, expect, it } from 'vitest'
import { setOwn } from './own-property.ts'

describe('setOwn', () => {
  it('keeps "__proto__" an ordinary key that JSON shows', () => {
    const target: Record<string, number> = {}
    setOwn(target, '__proto__', 1)
    setOwn(target, 'a', 2)
    expect(JSON.stringify(target)).toBe('{"__proto__":1,"a":2}')
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype)
  })
})
