// Drawn rows are keyed by a slot, not by the record they show: a row that scrolls out of view hands
// its slot (so its elements) to a row that scrolls in, so scrolling changes text in place instead of
// making, styling and removing hundreds of cells each frame. A row that stays in view keeps its slot.
// A slot only ever holds records of one parity (its own), so a row's stripe never changes with the
// record it is handed: no class to change, no row and pinned cells to restyle for it.

/** Gives each drawn record a slot; one per grid, asked once per render with the records drawn. */
export class RowSlots {
  private slotOf = new Map<number, number>()
  /** Slots made so far of each parity: slot `2k + parity`. */
  private made: [number, number] = [0, 0]
  /** Slots made and not in use, by parity (a window may need fewer of one parity than it had). */
  private spare: [number[], number[]] = [[], []]

  /** The slot of each record in `indices` (distinct records get distinct slots, of the record's parity). */
  assign(indices: readonly number[]): number[] {
    const drawn = new Set(indices)
    const free = this.spare
    for (const [index, slot] of this.slotOf) if (!drawn.has(index)) free[slot & 1].push(slot)
    // Handed out in order, so rows scrolled in take the slots of rows scrolled out in the same order.
    for (const list of free) list.sort((a, b) => b - a)
    const next = new Map<number, number>()
    const slots = indices.map((index) => {
      const parity = index & 1
      const slot = this.slotOf.get(index) ?? free[parity].pop() ?? 2 * this.made[parity]++ + parity
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
