// Finds a Chromium for Playwright. Never downloads a browser: on Debian as root it installs
// Debian's `chromium` package; elsewhere it says what to install.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const DEBIAN_CHROMIUM = '/usr/bin/chromium'

function playwrightOwnBrowser() {
  try {
    const path = execFileSync('node', ['-e', "console.log(require('playwright-core').chromium.executablePath())"], { encoding: 'utf8' }).trim()
    return path && existsSync(path) ? path : undefined
  } catch {
    return undefined
  }
}

export function ensureChromium() {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv
    console.error(`PLAYWRIGHT_CHROMIUM_EXECUTABLE=${fromEnv} does not exist.`)
    return undefined
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM
  const isRoot = process.getuid?.() === 0
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('=== Chromium is missing: installing Debian\'s chromium package')
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '-q', 'chromium'], { stdio: 'inherit', env })
    if (install && install.status === 0 && existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM
    console.error('Installing Debian\'s chromium package failed.')
  }
  const own = playwrightOwnBrowser()
  if (own) return own
  console.error([
    'No Chromium found for the end-to-end tests. Do one of:',
    '  - on Debian/Ubuntu: sudo apt-get install chromium   (then /usr/bin/chromium is used)',
    '  - set PLAYWRIGHT_CHROMIUM_EXECUTABLE=/path/to/chromium',
    '  - npx playwright install chromium   (where downloads are allowed)',
  ].join('\n'))
  return undefined
}
