import { mkdir, stat } from 'node:fs/promises'
import path from 'node:path'

/**
 * `mkdir -p` that fails at once. Node's own `mkdir(dir, { recursive: true })` never returns where the kernel says
 * ENOENT for a directory whose parent exists (under /proc: `cedar skills import F --store /proc/1/store` spun for
 * minutes); here each level is made once, from the top, and a level that cannot be made is named in the error.
 */
export async function makeDirectory(dir: string): Promise<void> {
  const target = path.resolve(dir)
  try {
    await mkdir(target)
    return
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST' && (await isDirectory(target))) return
    const parent = path.dirname(target)
    if (code !== 'ENOENT' || parent === target || (await isDirectory(parent))) throw cannotMake(target, error)
    await makeDirectory(parent)
  }
  try {
    await mkdir(target)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST' && (await isDirectory(target))) return
    throw cannotMake(target, error)
  }
}

async function isDirectory(dir: string): Promise<boolean> {
  return (await stat(dir).catch(() => undefined))?.isDirectory() ?? false
}

function cannotMake(dir: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code
  return new Error(`cannot create the directory ${dir} (${code ?? (error as Error).message})`)
}
