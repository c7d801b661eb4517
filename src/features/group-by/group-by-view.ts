import type { Grouping } from '../../query/grouping.ts'

/** The `Group by` panel as the page holds it. */
export interface GroupByView {
  open: boolean
  grouping?: Grouping
  toggle: () => void
  change: (grouping: Grouping | undefined) => void
}
