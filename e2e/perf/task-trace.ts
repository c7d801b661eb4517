// What each long main-thread task of a page spent its time on, from a Chromium performance trace
// (Playwright's browser.startTracing with TRACE_CATEGORIES): the trace events inside it (script,
// garbage collection, style, layout, message deserialisation...) by their own time, and the
// JavaScript functions the sampling profiler saw it in. For the hand-run benchmarks. A task's
// duration is wall-clock time, which a loaded machine stretches (the thread waits for a core); its CPU
// time (the trace's thread time) is what the page's own work cost, the figure to compare across runs.
import type { Browser, Page } from '@playwright/test'

export const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
]

export interface TraceEvent {
  name: string
  cat: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  /** Thread (CPU) time of a complete event, µs. */
  tdur?: number
  id?: string
  args?: {
    name?: string
    data?: {
      startTime?: number
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }
      timeDeltas?: number[]
    }
  }
}

export interface ProfileNode {
  id: number
  parent?: number
  callFrame: { functionName?: string; url?: string; lineNumber?: number; columnNumber?: number }
}

export interface TaskReport {
  startMs: number
  durationMs: number
  /** The main thread's CPU time in the task (ms): its duration less the time it waited for a core. */
  cpuMs: number
  /** Trace events by their own time (ms), largest first. */
  events: [string, number][]
  /** JavaScript functions by their own sampled time (ms), largest first. */
  selfFunctions: [string, number][]
  /** JavaScript functions by the sampled time under them (ms), largest first. */
  totalFunctions: [string, number][]
}

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask'])

function frameName(node: ProfileNode): string {
  const { functionName, url = '', lineNumber = -1 } = node.callFrame
  const file = url.split('/').at(-1) ?? ''
  return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`
}

function top(map: Map<string, number>, count: number): [string, number][] {
  return [...map.entries()].toSorted((a, b) => b[1] - a[1]).slice(0, count).map(([name, us]) => [name, Math.round(us / 100) / 10])
}

/** The page's renderer main thread: the CrRendererMain with the most task time. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } | undefined {
  const mains = events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
  let best: { pid: number; tid: number; busy: number } | undefined
  for (const main of mains) {
    const busy = events.filter((event) => event.pid === main.pid && event.tid === main.tid && TASK_NAMES.has(event.name)).reduce((sum, event) => sum + (event.dur ?? 0), 0)
    if (best === undefined || busy > best.busy) best = { pid: main.pid, tid: main.tid, busy }
  }
  return best
}

/** Samples of the profiles taken on the main thread: [timestamp µs, node][] with the nodes by id. */
function mainSamples(events: TraceEvent[], pid: number, tid: number): { samples: [number, number][]; nodes: Map<number, ProfileNode> } {
  // Profile ids are per process; a profile's chunks come from the sampling thread, its start from the profiled one.
  const profiles = events.filter((event) => event.name === 'Profile' && event.pid === pid && event.tid === tid)
  const starts = new Map(profiles.map((event) => [event.id, event.args?.data?.startTime ?? event.ts]))
  const nodes = new Map<number, ProfileNode>()
  const samples: [number, number][] = []
  const clock = new Map<string | undefined, number>()
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== pid || !starts.has(event.id)) continue
    const data = event.args?.data
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
    let time = clock.get(event.id) ?? starts.get(event.id) ?? 0
    const deltas = data?.timeDeltas ?? []
    ;(data?.cpuProfile?.samples ?? []).forEach((node, index) => {
      time += deltas[index] ?? 0
      samples.push([time, node])
    })
    clock.set(event.id, time)
  }
  samples.sort((a, b) => a[0] - b[0])
  return { samples, nodes }
}

/** Every main-thread task of `trace` longer than `overMs`, with what it spent its time on. */
export function longTasks(trace: { traceEvents: TraceEvent[] } | TraceEvent[], overMs = 50): TaskReport[] {
  const events = Array.isArray(trace) ? trace : trace.traceEvents
  const main = mainThread(events)
  if (main === undefined) return []
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined).toSorted((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  // Top-level tasks only (a RunTask holds a ThreadControllerImpl::RunTask of the same span).
  const tasks: TraceEvent[] = []
  let taskEnd = Number.NEGATIVE_INFINITY
  for (const event of onMain) {
    if (!TASK_NAMES.has(event.name) || event.ts < taskEnd) continue
    taskEnd = event.ts + (event.dur ?? 0)
    if ((event.dur ?? 0) > overMs * 1000) tasks.push(event)
  }
  const { samples, nodes } = mainSamples(events, main.pid, main.tid)
  const origin = onMain[0]?.ts ?? 0
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0)
    // Own time of each event name inside the task: an event's time minus that of the events inside it.
    const own = new Map<string, number>()
    const stack: { event: TraceEvent; end: number; children: number }[] = []
    const close = (until: number) => {
      while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= until) {
        const done = stack.pop()
        if (done === undefined) break
        own.set(done.event.name, (own.get(done.event.name) ?? 0) + (done.event.dur ?? 0) - done.children)
      }
    }
    for (const event of onMain) {
      if (event.ts < task.ts || event.ts >= end || event === task) continue
      close(event.ts)
      const parent = stack.at(-1)
      if (parent) parent.children += event.dur ?? 0
      stack.push({ event, end: event.ts + (event.dur ?? 0), children: 0 })
    }
    close(Number.POSITIVE_INFINITY)
    const self = new Map<string, number>()
    const total = new Map<string, number>()
    let previous = task.ts
    for (const [time, nodeId] of samples) {
      if (time < task.ts || time > end) continue
      const interval = time - previous
      previous = time
      const node = nodes.get(nodeId)
      if (node === undefined) continue
      self.set(frameName(node), (self.get(frameName(node)) ?? 0) + interval)
      const seen = new Set<string>()
      for (let at: ProfileNode | undefined = node; at !== undefined; at = at.parent === undefined ? undefined : nodes.get(at.parent)) {
        const name = frameName(at)
        if (seen.has(name)) continue
        seen.add(name)
        total.set(name, (total.get(name) ?? 0) + interval)
      }
    }
    return {
      startMs: Math.round((task.ts - origin) / 1000),
      durationMs: Math.round((task.dur ?? 0) / 1000),
      cpuMs: Math.round((task.tdur ?? task.dur ?? 0) / 1000),
      events: top(own, 12),
      selfFunctions: top(self, 15),
      totalFunctions: top(total, 25),
    }
  })
}

/** Traces `page` while `during` runs; returns the long tasks of its main thread. */
export async function traceLongTasks(browser: Browser, page: Page, during: () => Promise<void>, overMs = 50, path?: string): Promise<TaskReport[]> {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES, ...(path ? { path } : {}) })
  let failure: unknown
  try {
    await during()
  } catch (error) {
    failure = error
  }
  const buffer = await browser.stopTracing()
  if (failure !== undefined) throw failure
  return longTasks(JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[], overMs)
}

export function printTasks(label: string, tasks: TaskReport[], overMs = 50): void {
  console.info(`${label}: ${tasks.length} main-thread task(s) over ${overMs} ms`)
  for (const task of tasks) {
    console.info(`  task at ${task.startMs} ms: ${task.durationMs} ms (CPU ${task.cpuMs} ms)`)
    console.info(`    events (own ms): ${task.events.map(([name, value]) => `${name} ${value}`).join(', ')}`)
    console.info(`    JS self (ms): ${task.selfFunctions.map(([name, value]) => `${name} ${value}`).join(', ')}`)
    console.info(`    JS total (ms): ${task.totalFunctions.map(([name, value]) => `${name} ${value}`).join(', ')}`)
  }
  const byCpu = tasks.toSorted((a, b) => b.cpuMs - a.cpuMs).slice(0, 5)
  console.info(`${label}: most CPU in one task (ms): ${byCpu.map((task) => `${task.cpuMs} (at ${task.startMs} ms, ${task.durationMs} ms long)`).join(', ') || 'none'}`)
}

/**
 * The main thread's CPU time (thread time, ms) in its top-level tasks from the one holding the trace's
 * last click to `afterClickMs` after that click: what the page itself did for a run until its answer
 * was on screen, a figure a loaded machine stretches far less than the elapsed time.
 */
export function cpuAfterLastClick(trace: { traceEvents: TraceEvent[] } | TraceEvent[], afterClickMs: number): number | undefined {
  const events = Array.isArray(trace) ? trace : trace.traceEvents
  const main = mainThread(events)
  if (main === undefined) return undefined
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined)
  const click = onMain.filter((event) => event.name === 'EventDispatch' && (event.args?.data as { type?: string } | undefined)?.type === 'click').at(-1)
  if (click === undefined) return undefined
  const end = click.ts + afterClickMs * 1000
  let cpu = 0
  let taskEnd = Number.NEGATIVE_INFINITY
  for (const task of onMain.filter((event) => TASK_NAMES.has(event.name)).toSorted((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    if (task.ts < taskEnd) continue
    taskEnd = task.ts + (task.dur ?? 0)
    if (taskEnd < click.ts || task.ts > end) continue
    cpu += task.tdur ?? task.dur ?? 0
  }
  return cpu / 1000
}

/**
 * Each thread's CPU (thread time) and busy time (wall) in its top-level tasks from the trace's last
 * click to `afterClickMs` after it, busiest first, named as the trace names them (the page's main
 * thread, each worker): which thread an answer's time went to, and how much of it was waiting.
 */
export function threadsAfterLastClick(trace: { traceEvents: TraceEvent[] } | TraceEvent[], afterClickMs: number): { thread: string; cpuMs: number; busyMs: number }[] {
  const events = Array.isArray(trace) ? trace : trace.traceEvents
  const main = mainThread(events)
  if (main === undefined) return []
  const click = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.name === 'EventDispatch' && (event.args?.data as { type?: string } | undefined)?.type === 'click').at(-1)
  if (click === undefined) return []
  const end = click.ts + afterClickMs * 1000
  const names = new Map<string, string>()
  for (const event of events) if (event.ph === 'M' && event.name === 'thread_name') names.set(`${event.pid}:${event.tid}`, event.args?.name ?? '?')
  const byThread = new Map<string, TraceEvent[]>()
  for (const event of events) {
    if (event.ph !== 'X' || event.dur === undefined || event.ts + event.dur < click.ts || event.ts > end) continue
    const key = `${event.pid}:${event.tid}`
    byThread.set(key, [...(byThread.get(key) ?? []), event])
  }
  const threads = [...byThread.entries()].map(([key, list]) => {
    let cpu = 0
    let busy = 0
    let taskEnd = Number.NEGATIVE_INFINITY
    for (const event of list.toSorted((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
      if (event.ts < taskEnd) continue
      taskEnd = event.ts + (event.dur ?? 0)
      cpu += event.tdur ?? 0
      busy += event.dur ?? 0
    }
    return { thread: `${names.get(key) ?? '?'} ${key}`, cpuMs: Math.round(cpu / 1000), busyMs: Math.round(busy / 1000) }
  })
  return threads.filter((thread) => thread.busyMs > 0).toSorted((a, b) => b.cpuMs - a.cpuMs)
}
