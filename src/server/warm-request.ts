// The request path's first run in a new process (the HTTP adapter, routing, reading and checking the
// body, the search, encoding and writing the answer) costs about ten milliseconds of CPU more than
// the runs after it: V8 compiles it as it goes. One first page asked of the server itself, over the
// loopback, before it says it is listening takes that cost off the first client's request.
import { request as httpRequest } from 'node:http'

/** Where the server can reach itself: the loopback for a wildcard address, else the address it listens on. */
export function selfHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1'
  if (host === '::') return '::1'
  return host
}

/**
 * Asks the server on `host`:`port` for the first page of `resourceId` as the explorer does (a POST
 * with a JSON body) and reads the whole answer; resolves with its status, rejects when unreachable.
 */
export function warmRequestPath(host: string, port: number, basePath: string, resourceId: string): Promise<number> {
  const body = JSON.stringify({ resource_id: resourceId, limit: 5 })
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: selfHost(host), port, method: 'POST', path: `${basePath}/api/3/action/datastore_search`, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' } },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.setTimeout(10_000, () => request.destroy(new Error('no answer within 10 s')))
    request.end(body)
  })
}
