// Whether an engine the user is about to use is starting (the demo's SQL engine warming: PGlite, its
// parser, the resource shown). Only the fact is here; what else counts as the user waiting, and what
// waits for none of it, is src/app/user-waits.ts's rule.

let starting = 0
let everStarted = false
const listeners = new Set<() => void>()

/** An engine starts; the function returned says it is done (once; later calls do nothing). */
export function beginEngineStart(): () => void {
  starting++
  everStarted = true
  told()
  let over = false
  return () => {
    if (over) return
    over = true
    starting--
    told()
  }
}

function told(): void {
  for (const listener of listeners) listener()
}

export function engineStarting(): boolean {
  return starting > 0
}

/** An engine has started (or begun to) in this page. */
export function engineEverStarted(): boolean {
  return everStarted
}

/** Calls `listener` each time a start begins or ends. */
export function onEngineStartChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
