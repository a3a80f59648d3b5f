/**
 * Corrections of the last run in a player's terms (CEDAR's trace annotation): `!wrong list` lists what the last run
 * did, numbered; `!wrong N` says act N should not have happened there (a gold counterexample: no way of the skill goes
 * through the run up to that act, so the next run takes another act at that point); `!wrong` alone, or with a
 * skill or rule id, rejects the whole run as before.
 */
import type { RecordStore } from '../store/record-store.js'
import { defineCommand, param } from './command.js'
import { correctionReply, relearnedShape } from './correction-replies.js'
import type { CommandRegistry } from './registry.js'

/** `!wrong list`: what the last run did, numbered as `!wrong N` counts. */
function listedActs(acts: readonly string[]): string {
  if (acts.length === 0) return 'nothing has run yet'
  return `the last run's acts: ${acts.map((a, i) => `${i + 1} ${a}`).join(', ')}`
}

const wrongCommand = (store: RecordStore) =>
  defineCommand({
    name: 'wrong',
    summary:
      'the last run did the wrong thing: its trace becomes a counterexample (for its skill, or the rule named); !wrong N: its act N (!wrong list numbers them) should not have happened',
    params: [
      param.word('name', {
        optional: true,
        description: 'an act number of the last run (!wrong list shows them), or the skill or rule id',
      }),
    ],
    run: async ({ cedar }, { name }) => {
      if (name === 'list') return listedActs(cedar.agent.lastActs())
      const act = name !== undefined && /^\d+$/.test(name) ? Number(name) : undefined
      const acted = act === undefined ? undefined : cedar.agent.lastActs()[act - 1]
      return correctionReply(
        store,
        () => cedar.agent.wrong(act === undefined ? { name } : { act }),
        (record) =>
          act === undefined
            ? `noted: ${record.name} v${record.version} learned again (${relearnedShape(record)})`
            : `noted: act ${act} (${acted}) should not have happened there — ${record.name} v${record.version} learned again (${relearnedShape(record)})`,
      )
    },
  })

export function registerRunCorrections(registry: CommandRegistry, store: RecordStore): void {
  registry.register(wrongCommand(store))
}
