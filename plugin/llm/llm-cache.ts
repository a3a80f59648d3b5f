import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { makeDirectory } from '../config/make-directory.js'

/**
 * The LLM client's disk cache: one JSON file per (kind, model, prompt), so a rerun of the same teaching costs
 * nothing. No directory means no cache.
 */
export class LlmDiskCache {
  constructor(private readonly dir: string | undefined) {}

  static key(kind: string, model: string, payload: unknown): string {
    return createHash('sha256')
      .update(JSON.stringify([kind, model, payload]))
      .digest('hex')
      .slice(0, 40)
  }

  async get<T>(key: string): Promise<T | undefined> {
    if (!this.dir) return undefined
    try {
      return JSON.parse(await readFile(path.join(this.dir, `${key}.json`), 'utf8')) as T
    } catch {
      return undefined // absent or unreadable: ask again and overwrite
    }
  }

  async set(key: string, value: unknown, fsync = true): Promise<void> {
    if (!this.dir) return
    await makeDirectory(this.dir)
    await writeFileAtomic(path.join(this.dir, `${key}.json`), JSON.stringify(value), { fsync })
  }
}
