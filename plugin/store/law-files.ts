/**
 * The laws a bot decided on, kept next to its skills so they outlive the process: one file per critic law
 * (`<store>/laws/<id>.json`, rewritten when a player makes it hard, deleted when it leaves the shield) and one per
 * law a player rejected (`<store>/laws/rejected/<hash>.json`), which the critic never proposes again, and one per law
 * the critic proposed that waits for a player's decision (`<store>/laws/proposed/<id>.json`).
 *
 * Writes are queued in order (a law added and dropped at once ends deleted) and are durable; `flushed()` resolves
 * when every write so far is on disk. Loading is synchronous: it runs once, when the plugin is installed, over a
 * handful of small files, so the shield has its laws before the first command arrives.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { formatJson, removeDurably, writeDurably } from './store-files.js'

const LAW_SCHEMA_VERSION = 1

export const storedLawSchema = z.object({
  schema: z.literal(LAW_SCHEMA_VERSION),
  id: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/),
  text: z.string().min(1),
  kind: z.enum(['hard', 'soft']),
  source: z.enum(['user', 'builtin', 'critic', 'constraint']),
  explanation: z.string(),
})

const rejectedLawSchema = z.object({
  schema: z.literal(LAW_SCHEMA_VERSION),
  text: z.string().min(1),
  rejectedAt: z.iso.datetime(),
})

const proposedLawSchema = z.object({
  schema: z.literal(LAW_SCHEMA_VERSION),
  id: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/),
  text: z.string().min(1),
  kind: z.enum(['hard', 'soft']),
  origin: z.string(),
  explanation: z.string(),
  evidence: z.array(z.string()),
  proposedAt: z.iso.datetime(),
})

export type StoredLaw = Omit<z.infer<typeof storedLawSchema>, 'schema'>
/** A critic law that passed validation and waits for a player's `!law accept|reject`: not in the shield. */
export type StoredProposal = Omit<z.infer<typeof proposedLawSchema>, 'schema'>

export interface LawFilesLogger {
  warn(message: string): void
}

export class LawFiles {
  private queue: Promise<void> = Promise.resolve()

  constructor(
    /** The skill store's directory; the laws go under `<dir>/laws`. */
    readonly storeDir: string,
    protected readonly logger: LawFilesLogger = console,
  ) {}

  private get dir(): string {
    return path.join(this.storeDir, 'laws')
  }

  save(law: StoredLaw): void {
    this.enqueue(`save law ${law.id}`, () =>
      writeDurably(this.lawFile(law.id), formatJson({ schema: LAW_SCHEMA_VERSION, ...law })),
    )
  }

  remove(id: string): void {
    this.enqueue(`remove law ${id}`, async () => {
      await removeDurably(this.lawFile(id))
    })
  }

  saveRejected(text: string): void {
    const file = path.join(this.dir, 'rejected', `${hash(text)}.json`)
    const record = { schema: LAW_SCHEMA_VERSION, text, rejectedAt: new Date().toISOString() }
    this.enqueue('save a rejected law', () => writeDurably(file, formatJson(record)))
  }

  saveProposed(law: StoredProposal): void {
    this.enqueue(`save proposed law ${law.id}`, () =>
      writeDurably(this.proposedFile(law.id), formatJson({ schema: LAW_SCHEMA_VERSION, ...law })),
    )
  }

  removeProposed(id: string): void {
    this.enqueue(`remove proposed law ${id}`, async () => {
      await removeDurably(this.proposedFile(id))
    })
  }

  loadProposed(): StoredProposal[] {
    return this.readAll(path.join(this.dir, 'proposed'), proposedLawSchema).map(({ schema: _schema, ...law }) => law)
  }

  /** Resolves when every save and removal asked for so far is on disk. */
  flushed(): Promise<void> {
    return this.queue
  }

  /** The stored laws; a file that does not validate is skipped with a warning (and left for a person to read). */
  loadLaws(): StoredLaw[] {
    return this.readAll(this.dir, storedLawSchema).map(({ schema: _schema, ...law }) => law)
  }

  loadRejected(): string[] {
    return this.readAll(path.join(this.dir, 'rejected'), rejectedLawSchema).map((r) => r.text)
  }

  private lawFile(id: string): string {
    if (!/^[A-Za-z][A-Za-z0-9_-]{0,39}$/.test(id)) throw new Error(`not a law id: ${id}`)
    return path.join(this.dir, `${id}.json`)
  }

  private proposedFile(id: string): string {
    return path.join(path.dirname(this.lawFile(id)), 'proposed', `${id}.json`)
  }

  private enqueue(what: string, work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: Error) => {
      this.logger.warn(`cedar: could not ${what} in ${this.dir}: ${error.message}`)
    })
  }

  private readAll<T>(dir: string, schema: z.ZodType<T>): T[] {
    let names: string[]
    try {
      names = readdirSync(dir).filter((name) => name.endsWith('.json'))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    }
    const found: T[] = []
    for (const name of names.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))) {
      const file = path.join(dir, name)
      try {
        const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')))
        if (parsed.success) found.push(parsed.data)
        else this.logger.warn(`cedar: skipped ${file}: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
      } catch (error) {
        this.logger.warn(`cedar: skipped ${file}: ${(error as Error).message}`)
      }
    }
    return found
  }
}

export function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 20)
}
