import { useEffect, useRef } from 'react'
import { isEditable, shortcutFor, type ShortcutAction } from './shortcut-keys.ts'

export type ShortcutHandlers = Record<ShortcutAction, () => void>

/** Listens for the page shortcuts on the whole window while mounted. */
export function useShortcuts(handlers: ShortcutHandlers): void {
  const latest = useRef(handlers)
  useEffect(() => {
    latest.current = handlers
  })
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return
      const action = shortcutFor({ key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, inEditable: isEditable(event.target) })
      if (action === undefined) return
      // Also stops Ctrl+Enter in a form field from submitting the form a second time.
      event.preventDefault()
      latest.current[action]()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}

/** Focuses the input labelled `label` (found by its label, the name users and tests know it by). */
export function focusLabelledInput(label: string): void {
  const labelElement = [...document.querySelectorAll('label')].find((element) => element.textContent?.trim() === label)
  const input = labelElement?.htmlFor ? document.getElementById(labelElement.htmlFor) : labelElement?.querySelector('input')
  if (input instanceof HTMLElement) {
    input.focus()
    if (input instanceof HTMLInputElement) input.select()
  }
}
