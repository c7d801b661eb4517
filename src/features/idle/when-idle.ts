// Code split off the initial JavaScript is fetched once the page is idle, so that a click or a paste
// seldom waits for it.
export function whenIdle(task: () => void): void {
  if (typeof window === 'undefined') return
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 3000 })
  else setTimeout(task, 1000)
}
