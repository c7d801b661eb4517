// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { createTokenStore } from '../api/token-store.ts'
import { useRememberedToken } from './use-remembered-token.ts'

const HOME = 'http://127.0.0.1:8800'
const OTHER = 'https://evil.example'

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})

describe('useRememberedToken', () => {
  it('keeps the token in memory only, unless the user ticks remember', () => {
    const store = createTokenStore()
    const { result } = renderHook(() => useRememberedToken(HOME, store))
    act(() => result.current.setToken('s3cret'))
    expect(result.current.token).toBe('s3cret')
    expect(store.tokenFor(HOME)).toBe('s3cret')
    expect(sessionStorage.length).toBe(0)
    expect(localStorage.length).toBe(0)
  })

  it('remembers the tokens in session storage, each with its origin, and forgets them when unticked', () => {
    const store = createTokenStore()
    const first = renderHook(() => useRememberedToken(HOME, store))
    act(() => first.result.current.setToken('s3cret'))
    act(() => first.result.current.setRemember(true))
    expect(JSON.stringify(Object.values(sessionStorage))).toContain('s3cret')
    expect(localStorage.length).toBe(0)

    // A reloaded page (a new store) finds it for the same API only.
    const reloaded = createTokenStore()
    const sameApi = renderHook(() => useRememberedToken(HOME, reloaded))
    expect(sameApi.result.current.token).toBe('s3cret')
    expect(sameApi.result.current.remember).toBe(true)
    const otherApi = renderHook(() => useRememberedToken(OTHER, reloaded))
    expect(otherApi.result.current.token).toBe('')

    act(() => sameApi.result.current.setRemember(false))
    expect(sessionStorage.length).toBe(0)
  })
})

describe('useRememberedToken follows the origin the form points at', () => {
  it('shows each origin its own token, and says where the other one is kept', () => {
    const store = createTokenStore()
    const { result, rerender } = renderHook(({ target }) => useRememberedToken(target, store), { initialProps: { target: HOME } })
    act(() => result.current.setToken('mine'))
    expect(result.current.keptNote).toBeUndefined()
    rerender({ target: OTHER })
    expect(result.current.token).toBe('')
    expect(result.current.keptNote).toEqual({ here: 'evil.example', there: '127.0.0.1:8800' })
    act(() => result.current.setToken('theirs'))
    expect(result.current.keptNote).toBeUndefined()
    rerender({ target: HOME })
    expect(result.current.token).toBe('mine')
    expect(store.tokenFor(OTHER)).toBe('theirs')
  })

  it('remembers a token typed for an API chosen after the page opened, for that API', () => {
    const store = createTokenStore()
    const { result, rerender } = renderHook(({ target }) => useRememberedToken(target, store), { initialProps: { target: 'demo' } })
    rerender({ target: 'http://127.0.0.1:8811' })
    act(() => result.current.setToken('s3cret'))
    act(() => result.current.setRemember(true))
    const fresh = createTokenStore()
    const reopened = renderHook(() => useRememberedToken('http://127.0.0.1:8811', fresh))
    expect(reopened.result.current.token).toBe('s3cret')
  })
})
