import { useEffect, useRef } from 'react'

/** Below this width the results sit under the form (styles.css: one column under 1100px). */
const ONE_COLUMN = '(max-width: 1099px)'

/**
 * After Run query on a narrow screen, the results sit far below the button that asked for them: once
 * the answer is in, they are scrolled into view (when they are not in view already). Focus stays put.
 * `formHasErrors`: the form shows messages, so a run it refused scrolls nowhere.
 */
export function useRevealResults(fetching: boolean, formHasErrors: boolean) {
  const ref = useRef<HTMLDivElement>(null)
  const pending = useRef(false)
  useEffect(() => {
    if (!pending.current || fetching) return
    pending.current = false
    // A run the form refused leaves the user at the form, where its messages are.
    if (formHasErrors) return
    const area = ref.current
    if (area === null || !window.matchMedia(ONE_COLUMN).matches) return
    const { top } = area.getBoundingClientRect()
    if (top >= 0 && top < window.innerHeight / 2) return
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    area.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' })
  })
  /** The next settled answer is the one a run asked for. */
  const armReveal = () => {
    pending.current = true
  }
  return { resultsRef: ref, armReveal }
}
