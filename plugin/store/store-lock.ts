/**
 * The store's cross-process lock: proper-lockfile's lock directory `<dir>/.lock`, plus an owner file beside it
 * (`<dir>/.lock.owner`: the holder's pid, host and which lock directory it holds: inode and birth time). proper-lockfile alone knows a dead
 * holder only by the lock's age (its mtime, refreshed while the holder lives), so a process killed holding the lock
 * kept every writer waiting for the stale period; with the owner recorded, a lock whose holder is gone is taken over
 * at once. A live holder's lock is never broken: a lock is taken over only when its owner file names this very lock
 * directory (an owner file left by an earlier holder names another, even when the inode number is reused) and a process on this host that no
 * longer exists. Anything less certain (no owner file, another host, a pid that is alive or reused) falls back to
 * proper-lockfile's staleness.
 */
import { randomBytes } from 'node:crypto'
import { lstat, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import lockfile from 'proper-lockfile'
import { z } from 'zod'
import { makeDirectory } from '../config/make-directory.js'

export interface StoreLockOptions {
  /** A lock not refreshed for this long is taken as left by a dead process (proper-lockfile's `stale`). */
  readonly staleMs: number
  /** How long to wait for a live holder before giving up with an error naming the lock. */
  readonly waitMs: number
  readonly warn: (message: string) => void
}

export const LOCK_NAME = '.lock'
const OWNER_NAME = '.lock.owner'

const ownerSchema = z.object({ pid: z.number().int().positive(), host: z.string(), lock: z.string() })
type Owner = z.infer<typeof ownerSchema>

/** Which directory this is: an inode number may be reused once a lock is removed, its birth time with it is not. */
async function identity(lockPath: string): Promise<string | undefined> {
  const found = await stat(lockPath, { bigint: true }).catch(() => undefined)
  return found && `${found.dev}:${found.ino}:${found.birthtimeNs}`
}

/** Takes the lock on `dir` (waiting for a live holder, taking over a dead one's) and returns its release. */
export async function acquireStoreLock(dir: string, options: StoreLockOptions): Promise<() => Promise<void>> {
  await makeDirectory(dir)
  const lockPath = path.join(dir, LOCK_NAME)
  await clearForeignLock(lockPath, options.warn)
  const deadline = Date.now() + options.waitMs
  for (let wait = 5; ; wait = Math.min(wait * 1.5, 100)) {
    try {
      const release = await lockfile.lock(dir, {
        lockfilePath: lockPath,
        stale: options.staleMs,
        retries: 0,
        // The default throws from a timer and ends the process; a lost lock only risks a version count.
        onCompromised: (error) => options.warn(`skill store: lost the lock on ${dir}: ${error.message}`),
      })
      await recordOwner(dir, lockPath)
      return async () => {
        // The owner file goes first: a holder killed between the two leaves a lock without one, which only
        // staleness breaks — never an owner file naming a live lock it does not hold.
        await rm(path.join(dir, OWNER_NAME), { force: true })
        await release()
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      // ENOENT: the directory just made went before proper-lockfile could stamp it — another writer checking a dead
      // owner's lock had moved it aside for a moment (takeOverDeadLock) and puts it back. Not ours, not an error:
      // wait as for a held lock; test/skill-store.test.ts's killed writers met it under load.
      if (code !== 'ELOCKED' && code !== 'ENOENT') throw error
    }
    if (await takeOverDeadLock(dir, lockPath, options.warn)) continue
    if (Date.now() > deadline) {
      throw new Error(
        `the skill store is locked by another process (${lockPath}); if no cedar is running, delete it: rm -r '${lockPath}'`,
      )
    }
    await delay(wait * (0.5 + Math.random()))
  }
}

/** Written after the lock is taken, by rename so a reader never sees half a file. */
async function recordOwner(dir: string, lockPath: string): Promise<void> {
  const lock = await identity(lockPath)
  if (!lock) return
  const owner: Owner = { pid: process.pid, host: hostname(), lock }
  const temporary = path.join(dir, `${OWNER_NAME}.${process.pid}.${randomBytes(4).toString('hex')}`)
  await writeFile(temporary, `${JSON.stringify(owner)}\n`)
  await rename(temporary, path.join(dir, OWNER_NAME))
}

/**
 * Removes the lock when its recorded owner is a process of this host that is gone. The lock directory is first
 * renamed aside (atomic), then checked again: if what was moved is not the dead owner's directory (another writer
 * took over and locked in between), it is put back.
 */
async function takeOverDeadLock(dir: string, lockPath: string, warn: (message: string) => void): Promise<boolean> {
  const owner = await readOwner(dir)
  if (!owner || owner.lock !== (await identity(lockPath)) || !isGone(owner)) return false
  const aside = `${lockPath}.dead-${randomBytes(4).toString('hex')}`
  try {
    await rename(lockPath, aside)
  } catch {
    return false
  }
  if ((await identity(aside)) !== owner.lock) {
    await rename(aside, lockPath).catch(() => rm(aside, { recursive: true, force: true }))
    return false
  }
  // The dead owner's file goes while its directory still exists aside (so no new lock can have its inode): at
  // worst it removes the file of a writer that locked meanwhile, whose lock then falls back to staleness.
  await rm(path.join(dir, OWNER_NAME), { force: true })
  await rm(aside, { recursive: true, force: true })
  warn(`skill store: took over ${lockPath}, left by process ${owner.pid}, which is gone`)
  return true
}

async function readOwner(dir: string): Promise<Owner | undefined> {
  const text = await readFile(path.join(dir, OWNER_NAME), 'utf8').catch(() => undefined)
  if (text === undefined) return undefined
  try {
    const parsed = ownerSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** Only a process of this host can be asked; signal 0 checks it exists (EPERM: it does, under another user). */
function isGone(owner: Owner): boolean {
  if (owner.host !== hostname() || owner.pid === process.pid) return false
  try {
    process.kill(owner.pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

/**
 * A plain file where the lock directory goes was never a lock of ours (proper-lockfile makes a directory), so no
 * live writer holds it; left there, every writer would wait and fail on it. It is removed, and said.
 */
async function clearForeignLock(lockPath: string, warn: (message: string) => void): Promise<void> {
  const found = await lstat(lockPath).catch(() => undefined)
  if (!found || found.isDirectory()) return
  await rm(lockPath, { force: true })
  warn(`skill store: removed ${lockPath}, a file where the lock directory goes (not a lock of cedar's)`)
}
