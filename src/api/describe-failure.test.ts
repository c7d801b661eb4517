import { describe, expect, it } from 'vitest'
import { describeFailure } from './describe-failure.ts'
import { TransportError } from './transport.ts'

const live = { source: 'live' as const, url: 'https://portal.example/data/api/action/datastore_search' }

describe('describeFailure', () => {
  it('says a timeout is a timeout, how long it was, and what to do', () => {
    const error = describeFailure(new TransportError('timeout', 'x', { phase: 'body', receivedBytes: 2048, timeoutMs: 30_000 }), live)
    expect(error).toMatchObject({ kind: 'timeout', timeoutMs: 30_000, title: 'No answer within 30 s' })
    expect(error.message).toMatch(/portal\.example started answering.*2,048 bytes/)
    expect(error.hint).toMatch(/raise the timeout/)
  })

  it('says an answer past the size limit was stopped, how far it got, and how to raise the limit', () => {
    const stopped = describeFailure(new TransportError('too-large', 'x', { phase: 'body', receivedBytes: 1_048_576, limitBytes: 1_000_000 }), live)
    expect(stopped).toMatchObject({ kind: 'too-large', limitBytes: 1_000_000, title: 'The answer is larger than 1 MB' })
    expect(stopped.message).toMatch(/portal\.example sent more than the size limit of 1 MB.*1,048,576 bytes/)
    expect(stopped.hint).toMatch(/raise the size limit \(Maximum answer size, in the form’s Advanced options\)/)
    const announced = describeFailure(new TransportError('too-large', 'x', { phase: 'body', receivedBytes: 0, limitBytes: 200_000_000 }), live)
    expect(announced.title).toBe('The answer is larger than 200 MB')
    expect(announced.message).toMatch(/announced an answer larger than the size limit of 200 MB/)
  })

  it('tells a connection that never opened (maybe CORS) from one that broke off', () => {
    expect(describeFailure(new TransportError('network', 'fetch failed', { phase: 'connect' }), live)).toMatchObject({
      kind: 'network',
      phase: 'connect',
      title: expect.stringMatching(/CORS/),
    })
    expect(describeFailure(new TransportError('network', 'terminated', { phase: 'body', receivedBytes: 10 }), live)).toMatchObject({
      kind: 'network',
      phase: 'body',
      title: 'The connection broke off',
    })
  })

  it('says a cancel is a cancel', () => {
    expect(describeFailure(new TransportError('aborted', 'x'), live)).toMatchObject({ kind: 'aborted', title: 'Query cancelled' })
  })

  it('never blames the network in demo mode', () => {
    const error = describeFailure(new TransportError('network', 'worker gone'), { ...live, source: 'demo' })
    expect(error.kind).toBe('demo-engine')
  })

  it('redacts the token from whatever the failure says', () => {
    const error = describeFailure(new TransportError('demo-engine', 'failed with tok-SECRET'), { ...live, token: 'tok-SECRET' })
    expect(error.message).toBe('failed with <API_TOKEN>')
  })

  it('copes with something that is not a transport error', () => {
    expect(describeFailure(new Error('boom'), live).kind).toBe('network')
  })
})
