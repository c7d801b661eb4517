/** The column summaries panel as the page holds it. */
export interface SummariesView {
  open: boolean
  /** The field a column menu asked for last (a new object each time, so asking again refocuses it). */
  focus?: { field: string }
  toggle: () => void
  /** Opens the panel on one field's summary. */
  showField: (field: string) => void
}
