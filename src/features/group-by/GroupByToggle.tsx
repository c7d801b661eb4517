export const GROUP_BY_PANEL_ID = 'group-by'

/** Shows or hides the `Group by` panel (its code and the chart library load on first use). */
export function GroupByToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <button type="button" className="button-secondary" aria-expanded={open} aria-controls={open ? GROUP_BY_PANEL_ID : undefined} onClick={onToggle}>
      Group by
    </button>
  )
}
