import { TransportError } from '../transport.ts'

/** The TransportError a promise rejects with; anything else (or no failure) fails the test. */
export async function failureOf(promise: Promise<unknown>): Promise<TransportError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof TransportError) return error
    throw error
  }
  throw new Error('expected the request to fail')
}
