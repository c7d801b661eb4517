import { describe, expect, it } from 'vitest'
import { buildActionRequest } from '../query/request-builder.ts'
import { createTokenStore, NO_TARGET, originOf, targetName, tokenTarget, withoutForeignTokens } from './token-store.ts'

const HOME = 'http://127.0.0.1:8800'
const OTHER = 'https://data.example.org'

describe('token targets', () => {
  it('are origins: scheme, host and port; a path does not matter', () => {
    expect(tokenTarget('live', 'http://127.0.0.1:8800/data')).toBe(HOME)
    expect(tokenTarget('live', ' http://127.0.0.1:8800/other/ ')).toBe(HOME)
    expect(tokenTarget('live', 'https://127.0.0.1:8800/data')).not.toBe(HOME)
    expect(tokenTarget('live', 'http://127.0.0.1:8801/data')).not.toBe(HOME)
    expect(tokenTarget('live', 'https://DATA.example.org:443/x')).toBe(OTHER)
  })

  it('the demo is its own target; what is no http(s) address is none', () => {
    expect(tokenTarget('demo', 'http://127.0.0.1:8800/data')).toBe('demo')
    expect(tokenTarget('live', 'not an address')).toBe(NO_TARGET)
    expect(tokenTarget('live', 'javascript:alert(1)')).toBe(NO_TARGET)
    expect(originOf('ftp://example.org/')).toBeUndefined()
  })

  it('are named by host and port', () => {
    expect(targetName(HOME)).toBe('127.0.0.1:8800')
    expect(targetName(OTHER)).toBe('data.example.org')
    expect(targetName('demo')).toBe('the demo')
  })
})

describe('the token store', () => {
  it('keeps one token per origin', () => {
    const store = createTokenStore()
    store.set(HOME, 'mine')
    expect(store.tokenFor(HOME)).toBe('mine')
    expect(store.tokenFor(OTHER)).toBe('')
    store.set(OTHER, 'theirs')
    expect([store.tokenFor(HOME), store.tokenFor(OTHER)]).toEqual(['mine', 'theirs'])
    store.set(HOME, '')
    expect(store.tokenFor(HOME)).toBe('')
    expect(store.entries()).toEqual([[OTHER, 'theirs']])
  })

  it('says which other origin holds the latest token', () => {
    const store = createTokenStore([[HOME, 'mine']])
    expect(store.keptElsewhere(OTHER)).toBe(HOME)
    expect(store.keptElsewhere(HOME)).toBeUndefined()
    store.set(OTHER, 'theirs')
    store.set(HOME, 'mine again')
    expect(store.keptElsewhere('demo')).toBe(HOME)
    store.set(NO_TARGET, 'typed with no address')
    expect(store.keptElsewhere(OTHER)).toBe(HOME)
  })

  it('tells its listeners of each change, and only of changes', () => {
    const store = createTokenStore()
    let calls = 0
    const stop = store.subscribe(() => calls++)
    store.set(HOME, 'a')
    store.set(HOME, 'a')
    store.set(OTHER, '')
    expect(calls).toBe(1)
    const before = store.version()
    stop()
    store.set(HOME, 'b')
    expect(calls).toBe(1)
    expect(store.version()).not.toBe(before)
  })

  it('a token may be carried only to the origin it was entered for (an earlier value of it too)', () => {
    const store = createTokenStore()
    store.set(HOME, 'old')
    store.set(HOME, 'new')
    expect(store.mayCarry(HOME, 'new')).toBe(true)
    expect(store.mayCarry(HOME, 'old')).toBe(true)
    expect(store.mayCarry(OTHER, 'new')).toBe(false)
    store.set(NO_TARGET, 'x')
    expect(store.mayCarry(NO_TARGET, 'x')).toBe(false)
  })
})

describe('withoutForeignTokens', () => {
  const store = createTokenStore([[HOME, 'mine']])

  it('leaves a request to the token\'s own origin as it is', () => {
    const spec = buildActionRequest(`${HOME}/data`, 'resource_show', { id: 'x' }, { token: 'mine' })
    expect(withoutForeignTokens(spec, store)).toBe(spec)
  })

  it('drops the token (in either header) from a request to any other origin', () => {
    const spec = buildActionRequest(`${OTHER}/ckan`, 'datastore_info', { id: 'x' }, { token: 'mine' })
    expect(spec.headers).toEqual([['Authorization', 'mine']])
    expect(withoutForeignTokens(spec, store).headers).toEqual([])
    const keyed = { ...spec, headers: [['X-CKAN-API-Key', 'mine'], ['Content-Type', 'application/json']] as [string, string][] }
    expect(withoutForeignTokens(keyed, store).headers).toEqual([['Content-Type', 'application/json']])
  })

  it('drops a token the origin never had, and any token to an address with no origin', () => {
    expect(withoutForeignTokens(buildActionRequest(`${HOME}/data`, 'x', {}, { token: 'guessed' }), store).headers).toEqual([])
    expect(withoutForeignTokens({ method: 'GET', url: 'not a url', headers: [['authorization', 'mine']] }, store).headers).toEqual([])
  })
})
