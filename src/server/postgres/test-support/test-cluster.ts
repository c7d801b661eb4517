// The PostgreSQL cluster a test file runs against, or a clear skip: without PostgreSQL installed the
// suites are skipped with a message, except in CI (CI=true), where a missing PostgreSQL fails.
import { postgresBinaries, startCluster, type TestCluster } from './cluster.ts'

export const HAS_POSTGRES = postgresBinaries() !== undefined

if (!HAS_POSTGRES) {
  if (process.env.CI === 'true') throw new Error('CI=true but PostgreSQL is not installed: .ci/run installs Debian\'s postgresql package (or set PG_BIN)')
  console.warn('PostgreSQL tests skipped: no /usr/lib/postgresql/*/bin/initdb (apt-get install postgresql, or set PG_BIN)')
}

export { startCluster, type TestCluster }
