// The user's own data directory, as it was before the tests and after: no test may read or write it (each test
// process gets its own XDG_DATA_HOME), and this is how a run shows that none did.
import { createHash } from 'node:crypto'
import { lstat, readdir, readFile, readlink } from 'node:fs/promises'
import path from 'node:path'
import { userStoreDir } from '../../plugin/config/data-dir.js'

type Env = Readonly<Record<string, string | undefined>>

/** mineflayer-cedar's directory in the user's data directory (the store and everything beside it). */
export function userDataDir(env: Env): string {
  return path.dirname(userStoreDir(env))
}

/** Every entry under `dir` (recursively) with what identifies its content; empty when `dir` does not exist. */
export async function snapshot(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  const walk = async (at: string): Promise<void> => {
    const entries = await readdir(at, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return []
      throw error
    })
    for (const entry of entries) {
      const full = path.join(at, entry.name)
      const relative = path.relative(dir, full)
      if (entry.isDirectory()) {
        found.set(`${relative}/`, 'directory')
        await walk(full)
      } else if (entry.isSymbolicLink()) found.set(relative, `link to ${await readlink(full)}`)
      else if (entry.isFile()) {
        const stat = await lstat(full)
        const hash = createHash('sha256')
          .update(await readFile(full))
          .digest('hex')
        found.set(relative, `${stat.size} bytes, mode ${stat.mode.toString(8)}, sha256 ${hash.slice(0, 16)}`)
      } else found.set(relative, 'special file')
    }
  }
  await walk(dir)
  return found
}

/** What differs between two snapshots, one line each: "added x", "removed y", "changed z". */
export function differences(before: Map<string, string>, after: Map<string, string>): string[] {
  const lines: string[] = []
  for (const [entry, was] of before) {
    const now = after.get(entry)
    if (now === undefined) lines.push(`removed ${entry}`)
    else if (now !== was) lines.push(`changed ${entry} (${was} -> ${now})`)
  }
  for (const entry of after.keys()) if (!before.has(entry)) lines.push(`added ${entry}`)
  return lines.sort()
}
