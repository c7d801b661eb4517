import { lazy, Suspense, useState } from 'react'
import { focusLabelledInput, useShortcuts } from './use-shortcuts.ts'

// The list of shortcuts is loaded the first time someone asks for it.
const ShortcutsDialog = lazy(() => import('./ShortcutsDialog.tsx').then((module) => ({ default: module.ShortcutsDialog })))

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
  return helpOpen ? (
    <Suspense fallback={null}>
      <ShortcutsDialog open onClose={() => setHelpOpen(false)} />
    </Suspense>
  ) : null
}
