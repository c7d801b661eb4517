// The SQL engine's shared half (no Node or DOM API): what the server and the browser's SQL worker both
// need to answer `datastore_search_sql` the same way. See README.md.
export { ALLOWED_FUNCTIONS } from './allowed-functions.ts'
export { parseArray, valueDecoder } from './answer-values.ts'
export { copyCell, copyText, createTableStatement, ident, PG_TYPE } from './load.ts'
export { CopyTextWriter } from './copy-writer.ts'
export { MESSAGES } from './messages.ts'
export { namesTable } from './named-tables.ts'
export { checkStatement, useParser, type Parse, type ParseCheck } from './parse-check.ts'
export { analyzeTable, copyRows, createResourceTable, grantReaders, loadResource, PGLITE_SQL_OPTIONS, pgliteConnection, type PgliteLike } from './pglite.ts'
export { growFilesGeometrically, pgliteFileGrowth } from './pglite-file-growth.ts'
export { PlanCache, planRelations, relationRefusal, type PlanRelation } from './plan-tables.ts'
export { runSql, type SqlConnection, type SqlLayer, type SqlRunOptions, type TextResult } from './run.ts'
export { BUILTIN_TYPE_NAMES } from './type-names.ts'
