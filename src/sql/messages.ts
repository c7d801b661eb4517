// Every message an SQL refusal carries, in one place (the server and the browser's SQL engine say the
// same). Where CKAN 2.11 has a message for the case, it is CKAN's text.

export const MESSAGES = {
  notSingleStatement: 'Query is not a single statement.',
  notASelect: (kind: string) => `Only a SELECT statement (or WITH, VALUES, TABLE) can be run; this is a ${kind} statement`,
  changesData: (kind: string) => `A statement that changes data (${kind}) cannot be run; only SELECT statements are answered`,
  locksRows: 'SELECT ... FOR UPDATE/SHARE locks rows and cannot be run; remove the FOR clause',
  selectInto: 'SELECT ... INTO creates a table and cannot be run; remove the INTO clause',
  functionRefused: (name: string) => `Not authorized to call function ${name}`,
  systemTables: 'Not authorized to access system tables',
  resourceRefused: 'Not authorized to read resource.',
  tooLong: 'Query took too long',
} as const
