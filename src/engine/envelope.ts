// CKAN's response bodies: the success envelope and the error envelopes with their HTTP statuses.

import type { ValidationErrors } from './params.ts'

export interface Outcome {
  status: number
  body: unknown
}

export function success(help: string, result: unknown): Outcome {
  return { status: 200, body: { help, success: true, result } }
}

function failure(status: number, help: string, error: Record<string, unknown>): Outcome {
  return { status, body: { help, success: false, error } }
}

/** 409; `errors` holds CKAN's per-key message lists (and, for SQL, an `info` object). */
export function validationError(help: string, errors: ValidationErrors | Readonly<Record<string, unknown>>): Outcome {
  return failure(409, help, { __type: 'Validation Error', ...errors })
}

export function notFound(help: string, message: string): Outcome {
  return failure(404, help, { __type: 'Not Found Error', message: `Not found: ${message}` })
}

export function accessDenied(help: string, message: string): Outcome {
  return failure(403, help, { __type: 'Authorization Error', message: `Access denied: ${message}` })
}

export function methodNotAllowed(help: string, method: string): Outcome {
  return failure(405, help, {
    __type: 'Method Not Allowed',
    message: `Method Not Allowed: ${method} is not allowed here; use GET, POST or OPTIONS`,
  })
}

/** 503: the store is away for now (CKAN's envelope type for server-side failures). */
export function serviceUnavailable(help: string, message: string): Outcome {
  return failure(503, help, { __type: 'Internal Server Error', message: `Service Unavailable: ${message}` })
}

export function internalError(help: string): Outcome {
  return failure(500, help, { __type: 'Internal Server Error', message: 'Internal Server Error' })
}

/** CKAN answers a body it cannot use with a bare JSON string, not an envelope. */
export function badRequest(detail: string): Outcome {
  return { status: 400, body: `Bad request - JSON Error: ${detail}` }
}

/** CKAN's answer to a body that decoded to JSON other than an object. */
export function notADictionary(input: unknown): Outcome {
  return badRequest(`Request data JSON decoded to ${JSON.stringify(input)} but it needs to be a dictionary.`)
}

/** CKAN's answer to an action it does not have: a bare JSON string, 400. */
export function unknownAction(name: string): Outcome {
  return { status: 400, body: `Bad request - Action name not known: ${name}` }
}
