/**
 * The critic's laws of a world kept for a whole fleet (option `criticLaws: 'fleet'` on a PostgreSQL store): the
 * laws in the shield and the rejected texts are the store's, so a law one bot's owner accepted holds on every bot
 * that enters that world, and one rejected is proposed again on none. Proposals waiting for a decision stay the
 * bot's own (LawFiles under its local directory). Loads are answered from what was read when the bot entered the
 * world (LawBook reads synchronously); writes go to the database in order, and `flushed()` waits for them.
 */
import { hash, LawFiles, type LawFilesLogger, type StoredLaw, storedLawSchema } from './law-files.js'
import type { LawShelf } from './record-store.js'

export class SharedLaws extends LawFiles {
  private dbQueue: Promise<void> = Promise.resolve()
  /** By the hash of their text: two bots' laws never share a key, whatever ids they were given. */
  private readonly laws = new Map<string, StoredLaw>()
  private readonly rejected: string[]

  private constructor(
    localDir: string,
    logger: LawFilesLogger,
    private readonly shelf: LawShelf,
    readonly scope: string,
    loaded: { laws: unknown[]; rejected: string[] },
  ) {
    super(localDir, logger)
    this.rejected = []
    this.take(loaded)
  }

  /** The fleet's laws as the database has them now (another bot accepted or dropped one), after this bot's writes. */
  async reload(): Promise<void> {
    await this.dbQueue
    this.take(await this.shelf.load(this.scope))
  }

  private take(loaded: { laws: unknown[]; rejected: string[] }): void {
    this.laws.clear()
    for (const value of loaded.laws) {
      const parsed = storedLawSchema.safeParse(value)
      if (!parsed.success) {
        this.logger.warn(`cedar: skipped a fleet law of ${this.scope}: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
        continue
      }
      const { schema: _schema, ...law } = parsed.data
      this.laws.set(hash(law.text), law)
    }
    this.rejected.splice(0, this.rejected.length, ...loaded.rejected)
  }

  /** The fleet's laws of `scope` as they are now; proposals in `localDir`. */
  static async open(shelf: LawShelf, scope: string, localDir: string, logger: LawFilesLogger): Promise<SharedLaws> {
    return new SharedLaws(localDir, logger, shelf, scope, await shelf.load(scope))
  }

  /** Each law once; a law whose id another bot's law already has gets the next free id of the critic's (C<n>). */
  override loadLaws(): StoredLaw[] {
    const used = new Set<string>()
    let next = Math.max(0, ...[...this.laws.values()].map((law) => Number(/^C(\d+)$/.exec(law.id)?.[1] ?? 0))) + 1
    return [...this.laws.values()].map((law) => {
      const id = used.has(law.id) ? `C${next++}` : law.id
      used.add(id)
      if (id !== law.id) this.laws.set(hash(law.text), { ...law, id })
      return { ...law, id }
    })
  }

  override loadRejected(): string[] {
    return [...this.rejected]
  }

  override save(law: StoredLaw): void {
    const key = hash(law.text)
    this.laws.set(key, law)
    this.write(`save law ${law.id}`, () => this.shelf.putLaw(this.scope, key, { schema: 1, ...law }))
  }

  override remove(id: string): void {
    for (const [key, law] of this.laws) {
      if (law.id !== id) continue
      this.laws.delete(key)
      this.write(`remove law ${id}`, () => this.shelf.dropLaw(this.scope, key))
    }
  }

  override saveRejected(text: string): void {
    if (!this.rejected.includes(text)) this.rejected.push(text)
    this.write('save a rejected law', () => this.shelf.reject(this.scope, text))
  }

  override async flushed(): Promise<void> {
    await Promise.all([super.flushed(), this.dbQueue])
  }

  private write(what: string, work: () => Promise<void>): void {
    this.dbQueue = this.dbQueue.then(work).catch((error: Error) => {
      this.logger.warn(`cedar: could not ${what} for the fleet (${this.scope}): ${error.message}`)
    })
  }
}
