/**
 * The file operations the skill store builds on: durable atomic writes, moving a bad file aside, and the JSON
 * layout of a record file.
 */
import { access, open, readdir, rename, unlink } from 'node:fs/promises'
import path from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { makeDirectory } from '../config/make-directory.js'

/**
 * Writes `text` so that a crash at any moment leaves either the old file or the new one: write-file-atomic writes
 * and fsyncs a temporary file and renames it over the target; the directory is fsynced afterwards so the rename
 * itself survives a power cut. Resolves only when both are on disk.
 */
export async function writeDurably(file: string, text: string): Promise<void> {
  await makeDirectory(path.dirname(file))
  await writeFileAtomic(file, text, { fsync: true })
  await syncDirectory(path.dirname(file))
}

/** Deletes a file durably; false when it was not there. */
export async function removeDurably(file: string): Promise<boolean> {
  try {
    await unlink(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
  await syncDirectory(path.dirname(file))
  return true
}

/**
 * Moves `file` into `corruptDir` as `<base>.<timestamp>.json` (a suffix added if that exists) and returns the new
 * path, or undefined when the file had already gone (another process moved or replaced it first).
 */
export async function moveAside(file: string, corruptDir: string, base: string): Promise<string | undefined> {
  await makeDirectory(corruptDir)
  // Colons and dots in an ISO time are awkward in file names on some systems.
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  let target = path.join(corruptDir, `${base}.${stamp}.json`)
  for (let n = 2; await exists(target); n++) target = path.join(corruptDir, `${base}.${stamp}-${n}.json`)
  try {
    await rename(file, target)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  await syncDirectory(corruptDir)
  await syncDirectory(path.dirname(file))
  return target
}

/** The record files in a directory (`<name>.json`); write-file-atomic's leftovers (`<name>.json.123`) are not. */
export async function listJsonFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true })
    return entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
      .map((entry) => entry.name)
      .sort()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

/**
 * Removes the temporary files a writer killed mid-write left next to `file` (`<file>.<digits>`). Only safe while
 * holding the store lock, when no other process can be writing that file.
 */
export async function removeLeftoverTemporaries(file: string): Promise<void> {
  const prefix = `${path.basename(file)}.`
  let names: string[]
  try {
    names = await readdir(path.dirname(file))
  } catch {
    return
  }
  for (const name of names) {
    if (name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length))) {
      await unlink(path.join(path.dirname(file), name)).catch(() => undefined)
    }
  }
}

/**
 * JSON with two-space indentation, but arrays of plain values on one line, so a transition row or a word reads
 * as one line and a record file diffs well.
 */
export function formatJson(value: unknown, indent = ''): string {
  const inner = `${indent}  `
  if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== 'object')) {
      return `[${value.map((item) => JSON.stringify(item)).join(', ')}]`
    }
    return `[\n${value.map((item) => inner + formatJson(item, inner)).join(',\n')}\n${indent}]`
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined)
    if (entries.length === 0) return '{}'
    const lines = entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${formatJson(item, inner)}`)
    return `{\n${lines.join(',\n')}\n${indent}}`
  }
  return JSON.stringify(value)
}

/** Whether a file is there (any error reading its metadata counts as not). */
export async function exists(file: string): Promise<boolean> {
  try {
    await access(file)
    return true
  } catch {
    return false
  }
}

/** fsync on a directory makes renames and deletions in it durable; Windows cannot open directories, so skip there. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined
  try {
    handle = await open(dir, 'r')
    await handle.sync()
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EACCES' && code !== 'EINVAL') throw error
  } finally {
    await handle?.close()
  }
}
