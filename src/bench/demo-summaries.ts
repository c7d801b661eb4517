// The demo worker's side of "Summaries opened as the large demo load ends", in Node: the worker host
// with the generated resource, a summary request per field asked one at a time (as the page asks them,
// cheapest first) the moment the load has ended, while the idle index work is still to do. Prints the
// CPU time (process.cpuUsage, which a loaded machine stretches far less than elapsed time) each field
// took from its request to its answer, and the total, beside the target; and the minor page faults
// (first touches of fresh memory: on a virtual machine a large share of that CPU, and a count that
// does not move with the machine's load).
//   node --import tsx src/bench/demo-summaries.ts [records=1000000] [idleMs=0]
import { createDemoWorkerHost } from '../demo/worker-host.ts'
import { GENERATED_FIELDS } from '../demo/generator.ts'
import { LARGE_RESOURCE_ID } from '../demo/metadata.ts'
import type { FromWorker } from '../demo/protocol.ts'
import { readFileSync } from 'node:fs'

const TARGET_MS = 1000
const size = Number(process.argv[2] ?? 1_000_000)
const idleMs = Number(process.argv[3] ?? 0)

const pending = new Map<number, (message: FromWorker) => void>()
const host = createDemoWorkerHost(
  (message) => {
    if (message.kind === 'progress' || message.kind === 'part') return
    pending.get(message.id)?.(message)
  },
  { largeRecordCount: size },
)

let nextId = 1
function summarize(field: string): Promise<FromWorker> {
  const id = nextId++
  return new Promise((resolve) => {
    pending.set(id, resolve)
    host.receive({ kind: 'summarize', id, request: { resource_id: LARGE_RESOURCE_ID, fields: [field] } })
  })
}

const pageFaults = (): number => process.resourceUsage().minorPageFault

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000
}

const loadStart = process.cpuUsage()
// the first request waits for the load (as the page's search does), answered as soon as it ends
const first = await summarize('_id')
if (first.kind !== 'summary' || first.reply.status !== 200) throw new Error(`the first summary failed: ${JSON.stringify(first).slice(0, 300)}`)
console.info(`loaded ${size.toLocaleString('en-US')} records: ${cpuMs(loadStart).toFixed(0)} ms CPU`)
if (idleMs > 0) await new Promise((resolve) => setTimeout(resolve, idleMs))

// the page's order: fewest distinct values in its first page first; near enough: coded columns first
const order = ['status', 'district', 'channel', 'category', 'agency', 'units', 'days_to_close', 'opened', 'closed', 'cost', 'street', 'description', 'case_number']
if (order.length !== GENERATED_FIELDS.length) throw new Error('the field order misses a field')
const started = process.cpuUsage()
const faultsStart = pageFaults()
const wallStart = performance.now()
const perField: string[] = []
const faultsPerField: string[] = []
for (const field of order) {
  const before = process.cpuUsage()
  const faultsBefore = pageFaults()
  const reply = await summarize(field)
  if (reply.kind !== 'summary' || reply.reply.status !== 200) throw new Error(`${field}: ${JSON.stringify(reply).slice(0, 300)}`)
  perField.push(`${field} ${cpuMs(before).toFixed(0)}`)
  faultsPerField.push(`${field} ${pageFaults() - faultsBefore}`)
}
const total = cpuMs(started)
const faults = pageFaults() - faultsStart
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
console.info(`summaries of every field (${order.length}) ${idleMs > 0 ? `${idleMs} ms after` : 'as'} the load ends, CPU ms per field: ${perField.join(', ')}`)
console.info(`minor page faults per field: ${faultsPerField.join(', ')}; all fields ${faults}`)
console.info(`all fields: ${total.toFixed(0)} ms CPU, ${(performance.now() - wallStart).toFixed(0)} ms elapsed (target <= ${TARGET_MS} ms); load average ${load}`)
process.exit(0)
