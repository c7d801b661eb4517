// Drawn rows are keyed by a slot, not by the record they show: a row that scrolls out of view hands
// its slot (so its elements) to a row that scrolls in, so scrolling changes text in place instead of
// making, styling and removing hundreds of cells each frame. A row that stays in view keeps its slot.

/** Gives each drawn record a slot; one per grid, asked once per render with the records drawn. */
export class RowSlots {
  private slotOf = new Map<number, number>()
  private slotCount = 0

  /** The slot of each record in `indices` (distinct records get distinct slots). */
  assign(indices: readonly number[]): number[] {
    const drawn = new Set(indices)
    const free: number[] = []
    for (const [index, slot] of this.slotOf) if (!drawn.has(index)) free.push(slot)
    // Handed out in order, so rows scrolled in take the slots of rows scrolled out in the same order.
    free.sort((a, b) => b - a)
    const next = new Map<number, number>()
    const slots = indices.map((index) => {
      const slot = this.slotOf.get(index) ?? free.pop() ?? this.slotCount++
      next.set(index, slot)
      return slot
    })
    this.slotOf = next
    return slots
  }
}

/**
 * The order the rows are put in the DOM: by slot while the grid scrolls, so rows handed to other
 * records are not moved (a moved element is laid out and styled again, the very cost slots avoid);
 * by record once it stops, so the DOM reads in the records' order, as assistive technology reads it.
 */
export function drawOrder<Item>(items: readonly Item[], slots: readonly number[], scrolling: boolean): { item: Item; key: number }[] {
  const rows = items.map((item, drawn) => ({ item, key: slots[drawn] ?? -1 - drawn }))
  return scrolling ? rows.sort((a, b) => a.key - b.key) : rows
}
