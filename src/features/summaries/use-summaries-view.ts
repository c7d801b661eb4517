import { useState } from 'react'

export interface SummariesView {
  open: boolean
  /** The field whose summary was asked for last (from a column menu), with a counter so asking again refocuses. */
  focus?: { field: string; times: number }
  toggle: () => void
  /** Opens the panel on one field's summary. */
  showField: (field: string) => void
}

export function useSummariesView(): SummariesView {
  const [open, setOpen] = useState(false)
  const [focus, setFocus] = useState<SummariesView['focus']>(undefined)
  return {
    open,
    focus,
    toggle: () => {
      setOpen((value) => !value)
      setFocus(undefined)
    },
    showField: (field) => {
      setOpen(true)
      setFocus((last) => ({ field, times: (last?.times ?? 0) + 1 }))
    },
  }
}
