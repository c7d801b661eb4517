export const SUMMARIES_PANEL_ID = 'column-summaries'

interface SummariesToggleProps {
  open: boolean
  onToggle: () => void
}

/** Shows or hides the column summaries (they load their code on first use). */
export function SummariesToggle({ open, onToggle }: SummariesToggleProps) {
  return (
    <button type="button" className="button-secondary" aria-expanded={open} aria-controls={open ? SUMMARIES_PANEL_ID : undefined} onClick={onToggle}>
      Summaries
    </button>
  )
}
