// Which page shortcut a key press means. Pure: the hook and its tests share it.

export type ShortcutAction = 'focus-search' | 'run' | 'show-help'

export interface KeyPress {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  /** The press happened in a text field (or other editable element). */
  inEditable: boolean
}

/** The shortcuts as the help dialog lists them. Esc is the page's (it cancels a running query). */
export const SHORTCUTS: readonly { keys: string[]; does: string }[] = [
  { keys: ['/'], does: 'Focus the search text' },
  { keys: ['Ctrl', 'Enter'], does: 'Run the query (⌘ Enter on a Mac), from anywhere on the page' },
  { keys: ['Esc'], does: 'Cancel a running query; close a menu or dialog' },
  { keys: ['?'], does: 'Show these shortcuts' },
]

export function shortcutFor(press: KeyPress): ShortcutAction | undefined {
  if (press.key === 'Enter' && (press.ctrlKey || press.metaKey) && !press.altKey) return 'run'
  // Typing "/" or "?" into a field is just typing.
  if (press.inEditable || press.ctrlKey || press.metaKey || press.altKey) return undefined
  if (press.key === '/') return 'focus-search'
  if (press.key === '?') return 'show-help'
  return undefined
}

/** Whether key presses on this element are typing (text inputs, text areas, selects, editable content). */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  if (!(target instanceof HTMLInputElement)) return false
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color', 'image'].includes(target.type)
}
