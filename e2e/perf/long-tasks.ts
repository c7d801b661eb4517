// Main-thread long tasks (over 50 ms, Chromium's Long Tasks API) in a benchmarked page.
import type { Page } from '@playwright/test'

/** Collects the page's long tasks from now on; `takeLongTasks` returns and clears them. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const target = window as unknown as { longTasks: number[] }
    target.longTasks = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) target.longTasks.push(entry.duration)
    }).observe({ type: 'longtask' })
  })
}

/** The durations (ms) of the long tasks collected since the last take. */
export async function takeLongTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const target = window as unknown as { longTasks: number[] }
    const tasks = target.longTasks
    target.longTasks = []
    return tasks
  })
}
