// Makes sure PostgreSQL's server binaries exist for the tests of the PostgreSQL store. Never
// downloads anything itself: on Debian as root it installs Debian's `postgresql` package (pg_trgm
// and ICU included); elsewhere it says what to install. The tests start their own throwaway cluster.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'

function installed() {
  if (process.env.PG_BIN && existsSync(`${process.env.PG_BIN}/initdb`)) return true
  const root = '/usr/lib/postgresql'
  return existsSync(root) && readdirSync(root).some((version) => existsSync(`${root}/${version}/bin/initdb`))
}

export function ensurePostgresql() {
  if (installed()) return true
  const isRoot = process.getuid?.() === 0
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("=== PostgreSQL is missing: installing Debian's postgresql package")
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'postgresql', 'postgresql-contrib'], { stdio: 'inherit', env })
    if (install && install.status === 0 && installed()) return true
    console.error("Installing Debian's postgresql package failed.")
  }
  console.error('No PostgreSQL server binaries for the PostgreSQL store tests: apt-get install postgresql (or set PG_BIN to the folder holding initdb).')
  return false
}
