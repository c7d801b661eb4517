// Failures without an answer (no connection, timeout, cancel, engine crash) as ApiErrors the UI shows.
import { redactError, type ApiError } from './api-error.ts'
import { formatBytes, formatSeconds } from './fetch-transport.ts'
import { TransportError } from './transport.ts'
import { formatCount } from '../query/locale-format.ts'

export interface FailureContext {
  source: 'demo' | 'live'
  /** The address asked, to name the host in the message. */
  url: string
  token?: string
}

export function describeFailure(failure: unknown, context: FailureContext): ApiError {
  const error = failure instanceof TransportError ? failure : new TransportError('network', String(failure))
  return redactError(describe(error, context), context.token)
}

function describe(error: TransportError, { source, url }: FailureContext): ApiError {
  const host = hostOf(url)
  const received = error.details.receivedBytes ?? 0
  switch (error.kind) {
    case 'aborted':
      return { kind: 'aborted', title: 'Query cancelled', message: 'The query was stopped before its answer arrived.', hint: 'Change the query or run it again.' }
    case 'timeout': {
      const timeoutMs = error.details.timeoutMs ?? 0
      return {
        kind: 'timeout',
        timeoutMs,
        title: `No answer within ${formatSeconds(timeoutMs)}`,
        message:
          error.details.phase === 'body'
            ? `${host} started answering but had not finished after ${formatSeconds(timeoutMs)} (${formatCount(received)} bytes received); the query was stopped.`
            : `${host} did not answer within ${formatSeconds(timeoutMs)}; the query was stopped.`,
        hint: 'Ask for fewer records, or raise the timeout and run it again.',
      }
    }
    case 'too-large': {
      const limitBytes = error.details.limitBytes ?? 0
      return {
        kind: 'too-large',
        limitBytes,
        title: `The answer is larger than ${formatBytes(limitBytes)}`,
        message:
          received > 0
            ? `${host} sent more than the size limit of ${formatBytes(limitBytes)}; the explorer stopped reading it after ${formatCount(received)} bytes so that this tab stays responsive.`
            : `${host} announced an answer larger than the size limit of ${formatBytes(limitBytes)}; the explorer did not read it so that this tab stays responsive.`,
        hint: 'Ask for fewer records or columns, or raise the size limit (Maximum answer size, in the form’s Advanced options) and run it again.',
      }
    }
    case 'invalid-request':
      return { kind: 'invalid-query', fieldErrors: { token: error.message }, title: 'The request cannot be sent', message: error.message, hint: 'Check the API token for stray characters.' }
    case 'demo-engine':
      return {
        kind: 'demo-engine',
        title: 'The demo engine stopped',
        message: error.message || 'The demo engine in the background worker failed while answering.',
        hint: 'It restarts by itself: run the query again. Very large files may need more memory than the browser allows.',
      }
    case 'network':
      if (source === 'demo') {
        return { kind: 'demo-engine', title: 'The demo engine did not answer', message: error.message, hint: 'Run the query again; reload the page if it keeps failing.' }
      }
      return error.details.phase === 'body'
        ? {
            kind: 'network',
            phase: 'body',
            title: 'The connection broke off',
            message: `${host} started answering, but the connection closed after ${formatCount(received)} bytes.`,
            hint: 'Try again; if it keeps happening, ask for fewer records.',
          }
        : {
            kind: 'network',
            phase: 'connect',
            title: 'Could not reach the server, or it does not allow this page (CORS)',
            message: `The request to ${host} failed before any answer arrived. The browser does not say why: the server may be down, the address wrong, or the server does not allow requests from other sites (CORS).`,
            hint: 'Check the base URL. If it opens in a new tab, the server needs CORS enabled for this page (CKAN: ckan.cors.origin_allow_all).',
          }
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return 'The server'
  }
}
