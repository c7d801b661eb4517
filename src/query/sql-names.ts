// How the explorer names a resource's table in SQL: by its resource id, always double-quoted (ids hold
// `-`). Tiny on purpose: the page needs it before any SQL code has loaded.

export function tableName(resourceId: string): string {
  return `"${resourceId.replace(/"/g, '""')}"`
}

/** The statement the SQL editor starts with for a resource. */
export function firstStatement(resourceId: string): string {
  return `SELECT * FROM ${tableName(resourceId.trim())} LIMIT 10`
}
