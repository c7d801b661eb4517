// The one text ordering used by `sort`: locale-aware, deterministic on every engine host.
//
// Decision: ICU root-like English collation ('en', usage 'sort', sensitivity 'variant', no numeric
// collation), so "apple" < "Banana" < "cherry" and "é" sorts next to "e", as PostgreSQL's en_US.UTF-8
// does. Strings the collator calls equal are ordered by code points, then by `_id`, so the order
// never depends on the host or on the input order.

const textCollator = new Intl.Collator('en', { usage: 'sort', sensitivity: 'variant', numeric: false })

export function compareText(a: string, b: string): number {
  const collated = textCollator.compare(a, b)
  if (collated !== 0) return collated
  return a < b ? -1 : a > b ? 1 : 0
}

export function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
