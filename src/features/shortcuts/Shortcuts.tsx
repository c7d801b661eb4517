import { useState } from 'react'
import { ShortcutsDialog } from './ShortcutsDialog.tsx'
import { focusLabelledInput, useShortcuts } from './use-shortcuts.ts'

interface ShortcutsProps {
  /** Runs the query as the form shows it. */
  onRun: () => void
}

/** The page's keyboard shortcuts: `/` search text, Ctrl/Cmd+Enter run, `?` the list of them. */
export function Shortcuts({ onRun }: ShortcutsProps) {
  const [helpOpen, setHelpOpen] = useState(false)
  useShortcuts({
    'focus-search': () => focusLabelledInput('Search text'),
    run: onRun,
    'show-help': () => setHelpOpen(true),
  })
  return <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
}
