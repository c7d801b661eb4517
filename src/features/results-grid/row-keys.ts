// Which row a key moves the focus to in the results grid. Pure.

/** The row index after `key`, or `undefined` when the key does not move between rows. */
export function rowAfterKey(key: string, index: number, count: number, pageRows: number): number | undefined {
  if (count === 0) return undefined
  const last = count - 1
  const clamp = (target: number) => Math.max(0, Math.min(last, target))
  switch (key) {
    case 'ArrowDown':
      return clamp(index + 1)
    case 'ArrowUp':
      return clamp(index - 1)
    case 'PageDown':
      return clamp(index + pageRows)
    case 'PageUp':
      return clamp(index - pageRows)
    case 'Home':
      return 0
    case 'End':
      return last
    default:
      return undefined
  }
}
