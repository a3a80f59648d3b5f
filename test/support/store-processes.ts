// Writers in other processes for the store tests (test/support/store-writer.ts), on a JSON directory or a
// postgres:// database alike, and reading what they print.
import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process'
import { symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { promisify } from 'node:util'
import { root } from './cli.js'

/**
 * test/support/store-writer.ts and what it imports, compiled once into `scratch` with the project's tsc. The kill
 * tests start hundreds of writers: under tsx each costs ~0.9 s of CPU, compiled ~0.35 s, which on two cores is the
 * difference between three minutes and under one. Packages resolve through a link to the checkout's node_modules.
 */
export async function compileWriter(scratch: string): Promise<string> {
  const out = path.join(scratch, 'writer')
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc')
  const source = path.join(root, 'test/support/store-writer.ts')
  const flags = ['--ignoreConfig', '--noCheck', '--skipLibCheck', '--types', 'node', '--target', 'es2022']
  await promisify(execFile)(process.execPath, [
    tsc,
    ...flags,
    ...['--module', 'nodenext', '--moduleResolution', 'nodenext', '--rootDir', root, '--outDir', out, source],
  ])
  await writeFile(path.join(out, 'package.json'), '{"type": "module"}\n')
  await symlink(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'), 'junction')
  return path.join(out, 'test/support/store-writer.js')
}

export function spawnWriter(
  writer: string,
  args: string[],
  env: Record<string, string> = {},
): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [writer, ...args], { cwd: root, env: { ...process.env, ...env } })
}

/** Resolves when the child prints `line`. */
export function lineFrom(child: ChildProcessWithoutNullStreams, line: string): Promise<void> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: child.stdout })
    lines.on('line', (l) => {
      if (l === line) {
        lines.close()
        resolve()
      }
    })
  })
}

/**
 * Feeds each stdout line of the child to `onLine` and resolves when the child has exited and its output is read:
 * with `done` true if `onLine` said so for some line. A child that fails on its own rejects with its stderr.
 */
export function finished(
  child: ChildProcessWithoutNullStreams,
  onLine: (line: string) => boolean,
): Promise<{ done: boolean; stderr: string }> {
  return new Promise((resolve, reject) => {
    let done = false
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (onLine(line)) done = true
    })
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (code === 0 || signal === 'SIGKILL') resolve({ done, stderr })
      else reject(new Error(`writer exited with ${code ?? signal}:\n${stderr}`))
    })
  })
}

/**
 * A writer saving records named `<prefix>.0`, `.1`, ... in a loop, killed with SIGKILL after 0-5 reported saves and a
 * random 0-20 ms more, so the kill lands anywhere in a save. Each save it reported goes into `reported`.
 */
export async function killedWriter(
  writer: string,
  location: string,
  prefix: string,
  reported: Set<string>,
): Promise<void> {
  const savesBeforeKill = Math.floor(Math.random() * 6)
  const child = spawnWriter(writer, ['loop', location, prefix], { STORE_LOCK_STALE_MS: '2000' })
  let saves = 0
  let killing = false
  const { stderr } = await finished(child, (line) => {
    if (line.startsWith('saved ')) {
      reported.add(line.slice('saved '.length))
      saves++
    }
    if (!killing && (line === 'ready' || line.startsWith('saved ')) && saves >= savesBeforeKill) {
      killing = true
      setTimeout(() => child.kill('SIGKILL'), Math.random() * 20)
    }
    return false
  })
  if (!killing) throw new Error(`${prefix} ended before it was killed:\n${stderr}`)
}
