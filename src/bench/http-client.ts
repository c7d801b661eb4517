// The benches' HTTP client: one kept-alive connection per origin through `node:http`. Node's
// `fetch` (undici) costs the client 2-3 ms of CPU per request on a 2-core machine, which then
// competes with the server and the database for the cores and shows up as the server's latency
// (measured side by side: a 5-record page 8-11 ms through fetch, 0.8-1.5 ms through this, at load 16).
import { Agent, request } from 'node:http'

const agents = new Map<string, Agent>()

function agentFor(origin: string): Agent {
  let agent = agents.get(origin)
  if (agent === undefined) agents.set(origin, (agent = new Agent({ keepAlive: true, maxSockets: 4 })))
  return agent
}

export interface JsonAnswer {
  status: number
  body: unknown
}

/** POSTs `payload` as JSON to `url` and reads the JSON answer. */
export function postJson(url: string, payload: unknown): Promise<JsonAnswer> {
  const target = new URL(url)
  const data = Buffer.from(JSON.stringify(payload), 'utf8')
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: 'POST',
        agent: agentFor(target.origin),
        headers: { 'content-type': 'application/json', 'content-length': data.length },
      },
      (incoming) => {
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.on('error', reject)
        incoming.on('end', () => {
          try {
            resolve({ status: incoming.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown })
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)))
          }
        })
      },
    )
    outgoing.on('error', reject)
    outgoing.end(data)
  })
}

/** Closes the kept-alive connections (so a bench process can end). */
export function closeConnections(): void {
  for (const agent of agents.values()) agent.destroy()
  agents.clear()
}
