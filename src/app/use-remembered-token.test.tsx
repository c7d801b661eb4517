// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { tokenTarget, useRememberedToken } from './use-remembered-token.ts'

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})

describe('useRememberedToken', () => {
  it('keeps the token in memory only, unless the user ticks remember', () => {
    const { result } = renderHook(() => useRememberedToken('http://127.0.0.1:8800'))
    act(() => result.current.setToken('s3cret'))
    expect(result.current.token).toBe('s3cret')
    expect(sessionStorage.length).toBe(0)
    expect(localStorage.length).toBe(0)
  })

  it('remembers it in session storage for the same API, and forgets it when unticked', () => {
    const first = renderHook(() => useRememberedToken('http://127.0.0.1:8800'))
    act(() => first.result.current.setToken('s3cret'))
    act(() => first.result.current.setRemember(true))
    expect(JSON.stringify(Object.values(sessionStorage))).toContain('s3cret')
    expect(localStorage.length).toBe(0)

    const sameApi = renderHook(() => useRememberedToken('http://127.0.0.1:8800'))
    expect(sameApi.result.current.token).toBe('s3cret')
    // a link that points at another server does not get the token filled in
    const otherApi = renderHook(() => useRememberedToken('https://evil.example'))
    expect(otherApi.result.current.token).toBe('')

    act(() => sameApi.result.current.setRemember(false))
    expect(sessionStorage.length).toBe(0)
  })

  it('names the API by origin', () => {
    expect(tokenTarget('live', 'http://127.0.0.1:8800/data')).toBe('http://127.0.0.1:8800')
    expect(tokenTarget('demo', 'http://127.0.0.1:8800/data')).toBe('demo')
  })
})

describe('useRememberedToken follows the API the form points at', () => {
  it('remembers the token for the API chosen after the page opened', () => {
    const { result, rerender } = renderHook(({ target }) => useRememberedToken(target), { initialProps: { target: 'demo' } })
    act(() => result.current.setToken('s3cret'))
    act(() => result.current.setRemember(true))
    rerender({ target: 'http://127.0.0.1:8811' })
    const reopened = renderHook(() => useRememberedToken('http://127.0.0.1:8811'))
    expect(reopened.result.current.token).toBe('s3cret')
  })
})
