// The PostgreSQL store's backends' CPU time and minor page faults, read from /proc (the bench's
// throwaway cluster runs on this machine): figures that hold under load, unlike the milliseconds of a
// request, so a first request's cost can be told apart from waiting for a core. Undefined when the
// backends' /proc entries cannot be read (a database on another host).
import { readFileSync } from 'node:fs'
import { Client } from 'pg'

/** The pool's application_name (src/server/postgres/store.ts). */
const APPLICATION = 'datastore-explorer'

export interface BackendUsage {
  /** CPU time of the store's backends, ms (schedstat: nanoseconds of run time). */
  cpuMs: number
  /** Minor page faults of those backends. */
  faults: number
}

function processUsage(pid: number): BackendUsage | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const runNs = Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0])
    return { cpuMs: runNs / 1e6, faults: Number(fields[7]) }
  } catch {
    return undefined
  }
}

/** Reads the store's backends on `url`; `snapshot()` sums them now, by backend. */
export class BackendProbe {
  private constructor(private readonly client: Client) {}

  static async open(url: string): Promise<BackendProbe> {
    const client = new Client({ connectionString: url })
    await client.connect()
    return new BackendProbe(client)
  }

  async snapshot(): Promise<Map<number, BackendUsage>> {
    const { rows } = await this.client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [APPLICATION])
    const usage = new Map<number, BackendUsage>()
    for (const { pid } of rows) {
      const read = processUsage(pid)
      if (read !== undefined) usage.set(pid, read)
    }
    return usage
  }

  async close(): Promise<void> {
    await this.client.end()
  }
}

/**
 * What the backends used between two snapshots (a backend new since `before` counts from zero);
 * undefined when neither snapshot could read any backend.
 */
export function usedBetween(before: ReadonlyMap<number, BackendUsage>, after: ReadonlyMap<number, BackendUsage>): BackendUsage | undefined {
  if (after.size === 0) return undefined
  let cpuMs = 0
  let faults = 0
  for (const [pid, now] of after) {
    const then = before.get(pid) ?? { cpuMs: 0, faults: 0 }
    cpuMs += now.cpuMs - then.cpuMs
    faults += now.faults - then.faults
  }
  return { cpuMs, faults }
}
