/**
 * A fleet's laws reach the bots already in their world (`criticLaws: 'fleet'`): when another bot's owner accepts
 * or drops a critic's law, the database announces it, this bot reads its world's laws again and its shield takes
 * the new ones in and lets the dropped ones go, without waiting for the bot to enter the world again.
 */
import type { LawShelf } from '../../store/record-store.js'
import type { SharedLaws } from '../../store/shared-laws.js'
import type { LawBook } from './laws.js'

export interface FleetLawChange {
  /** Ids of the laws that joined the shield, and of those that left it. */
  readonly added: readonly string[]
  readonly removed: readonly string[]
}

/** Watches `files`' world on `shelf`; resolves with the unsubscribe once listening. */
export async function watchFleetLaws(
  shelf: LawShelf,
  files: SharedLaws,
  laws: LawBook,
  on: { readonly warn: (message: string) => void; readonly changed?: (change: FleetLawChange) => void },
): Promise<() => Promise<void>> {
  // One reading at a time, in the order the news came: a burst of changes reads the database a few times, in step.
  let reading = Promise.resolve()
  return shelf.onChange((scope) => {
    if (scope !== files.scope) return
    reading = reading
      .then(async () => {
        await files.reload()
        const { added, removed, problems } = laws.refresh()
        for (const problem of problems) on.warn(`cedar: a fleet law was left out: ${problem}`)
        if (added.length > 0 || removed.length > 0) on.changed?.({ added: added.map((m) => m.id), removed })
      })
      .catch((error: Error) => on.warn(`cedar: could not read the fleet's laws again: ${error.message}`))
  })
}
