// The column choice as lists of names: which fields are shown, in which order. Pure.
// `undefined` means "every field, in the server's order" (no `fields` sent).

export interface ColumnEntry {
  field: string
  visible: boolean
}

/** Shown columns first in the chosen order, then the hidden ones in table order. */
export function columnEntries(all: readonly string[], chosen: readonly string[] | undefined): ColumnEntry[] {
  if (chosen === undefined) return all.map((field) => ({ field, visible: true }))
  const shown = new Set(chosen)
  return [...chosen.map((field) => ({ field, visible: true })), ...all.filter((field) => !shown.has(field)).map((field) => ({ field, visible: false }))]
}

/** Back to `undefined` when the choice is every field in table order, so the link stays short. */
export function tidyChoice(all: readonly string[], visible: readonly string[]): string[] | undefined {
  if (visible.length === 0) return undefined
  const everything = visible.length === all.length && visible.every((field, index) => all[index] === field)
  return everything ? undefined : [...visible]
}

function visibleOf(all: readonly string[], chosen: readonly string[] | undefined): string[] {
  return chosen === undefined ? [...all] : [...chosen]
}

/** Shows a hidden field (at the end) or hides a shown one; the last shown field cannot be hidden. */
export function toggleColumn(all: readonly string[], chosen: readonly string[] | undefined, field: string): string[] | undefined {
  const visible = visibleOf(all, chosen)
  if (!visible.includes(field)) return tidyChoice(all, [...visible, field])
  if (visible.length === 1) return chosen === undefined ? undefined : [...chosen]
  return tidyChoice(
    all,
    visible.filter((name) => name !== field),
  )
}

/** Moves a shown field one place up (-1) or down (+1) among the shown fields. */
export function moveColumn(all: readonly string[], chosen: readonly string[] | undefined, field: string, step: -1 | 1): string[] | undefined {
  const visible = visibleOf(all, chosen)
  const from = visible.indexOf(field)
  const to = from + step
  if (from < 0 || to < 0 || to >= visible.length) return chosen === undefined ? undefined : [...chosen]
  const moved = [...visible]
  moved[from] = visible[to] ?? field
  moved[to] = field
  return tidyChoice(all, moved)
}
