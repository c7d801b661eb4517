// A turn of the event loop for long work done in slices (a load, idle indexing, a summary's steps),
// so messages that arrived meanwhile are handled in between. Not `setTimeout(fn, 0)`: browsers clamp
// a timer set from a timer's callback, once such calls are nested deeply enough, to at least 4 ms
// (the HTML timer rules; Chromium past 100 levels), which left the worker idle between slices of a
// millisecond or two. A message posted to oneself is a task of its own and is never clamped.

import type { Steps } from '../engine/index.ts'

type Resume = () => void

const waiting: Resume[] = []
let channel: MessageChannel | undefined

function post(resume: Resume): void {
  if (channel === undefined) {
    channel = new MessageChannel()
    channel.port1.addEventListener('message', () => waiting.shift()?.())
    channel.port1.start()
  }
  waiting.push(resume)
  channel.port2.postMessage(null)
}

/** Resolves in a task of its own, after the tasks already queued (Node: `setImmediate`; tests run there). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === 'function') setImmediate(resolve)
    else post(resolve)
  })
}

/** Runs steps to their result in slices of at most `sliceMs`, each after a `pause` (a turn of the event loop by default). */
export async function runInSlices<T>(steps: Steps<T>, sliceMs: number, pause: () => Promise<void> = nextTask): Promise<T> {
  for (;;) {
    await pause()
    const sliceEnd = performance.now() + sliceMs
    for (;;) {
      const step = steps.next()
      if (step.done === true) return step.value
      if (performance.now() >= sliceEnd) break
    }
  }
}
