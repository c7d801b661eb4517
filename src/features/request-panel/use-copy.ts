import { useCallback, useEffect, useRef, useState } from 'react'

/** Copies text to the clipboard and keeps a short message saying what happened (for a live region). */
export function useCopy(): { message: string; copy: (text: string | Promise<string>, what: string) => void } {
  const [message, setMessage] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const copy = useCallback((text: string | Promise<string>, what: string) => {
    const show = (next: string) => {
      setMessage(next)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setMessage(''), 4000)
    }
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
    if (!clipboard) {
      show(`Could not copy the ${what}: this page has no clipboard access. Select the text and copy it instead.`)
      return
    }
    // A text on hand is written inside the click; one still being written, as soon as it is ready.
    const written = typeof text === 'string' ? clipboard.writeText(text) : text.then((ready) => clipboard.writeText(ready))
    written.then(
      () => show(`Copied the ${what}.`),
      () => show(`Could not copy the ${what}: the browser refused. Select the text and copy it instead.`),
    )
  }, [])
  return { message, copy }
}
