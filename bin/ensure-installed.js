#!/usr/bin/env node
// `prestart` / `pretest`: on a fresh clone nothing is installed yet, so install exactly the lockfile's tree first.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const root = new URL('..', import.meta.url)
if (!existsSync(new URL('node_modules/.package-lock.json', root))) {
  process.stderr.write('mineflayer-cedar: node_modules is missing; installing from package-lock.json (npm ci)...\n')
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' })
}
