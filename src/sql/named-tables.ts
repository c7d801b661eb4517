// Which resources a statement names, so that an SQL engine loads only those (the demo's worker and the
// server's PGlite both load a resource's table the first time a statement names it).

/**
 * Whether a statement mentions a resource's table (its id anywhere, or an alias as a whole word, any
 * case): only then is it loaded. A mention that is no table reference costs a load, nothing more.
 */
export function namesTable(sql: string, resourceId: string, aliases: readonly string[] = []): boolean {
  const text = sql.toLowerCase()
  if (text.includes(resourceId.toLowerCase())) return true
  return aliases.some((alias) => new RegExp(`(^|[^\\w-])${alias.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w-])`).test(text))
}
