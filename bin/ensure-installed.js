#!/usr/bin/env node
// `prestart` / `pretest`: on a fresh clone nothing is installed yet, so install exactly the lockfile's tree first.
// The tree brings Node 22 itself (the `node` dev dependency puts a Node 22 binary in node_modules/.bin, which npm
// scripts put first on PATH), so this script must run on whatever Node the machine has: Node 20 included.
import { execSync } from 'node:child_process'
import { existsSync, lstatSync, statSync } from 'node:fs'

const root = new URL('..', import.meta.url)
const installed = new URL('node_modules/.package-lock.json', root)
const bundledNode = new URL(`node_modules/.bin/${process.platform === 'win32' ? 'node.cmd' : 'node'}`, root)

function reason() {
  if (!existsSync(installed)) return 'node_modules is missing'
  if (!existsSync(bundledNode)) return 'node_modules has no Node 22 (installed from an older lockfile)'
  // A pull or checkout that changes the lockfile makes it newer than the tree npm last installed from it.
  if (statSync(new URL('package-lock.json', root)).mtimeMs > statSync(installed).mtimeMs) {
    return 'package-lock.json changed since the last install'
  }
  return undefined
}

const why = reason()
const modules = new URL('node_modules', root)
if (why && existsSync(modules) && lstatSync(modules).isSymbolicLink()) {
  // A worktree borrowing another checkout's tree: `npm ci` would empty that checkout's node_modules through the link.
  process.stderr.write(`mineflayer-cedar: ${why}, but node_modules is a link to another checkout; not reinstalling\n`)
} else if (why) {
  process.stderr.write(`mineflayer-cedar: ${why}; installing from package-lock.json (npm ci)...\n`)
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' })
}
