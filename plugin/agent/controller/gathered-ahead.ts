/**
 * Logs gathered ahead. A skill's act order is learned in the Sim, where one `mine.logs` is one log; live, one
 * `mine.logs` takes the trunk above the log as far as the bot reaches (world/mineflayer/gather.ts), three or four
 * logs. The logs beyond the first are acts of the order already done: when the order next asks for `mine.logs` and
 * a log so gathered is still held, that act is taken as done by the earlier felling, not walked to another tree
 * (two trunks feed a wooden pickaxe's three `mine.logs`, as they did when the pursuit chose).
 */
import type { Observation } from '../../world/port.js'
import { countOf } from '../../world/predicates.js'

const ACT = 'mine.logs'

export class GatheredAhead {
  private banked = 0

  /** After an act that worked: the logs it gathered beyond the one the act stands for. */
  settle(action: string, before: Observation, after: Observation): void {
    if (action !== ACT) return
    const gained = countOf(after, 'logs') - countOf(before, 'logs')
    if (gained > 1) this.banked += gained - 1
  }

  /** Whether `action` is already done by logs gathered before (and still held); uses one up when it is. */
  take(action: string, observation: Observation): boolean {
    if (action !== ACT || this.banked === 0) return false
    this.banked = Math.min(this.banked, countOf(observation, 'logs'))
    if (this.banked === 0) return false
    this.banked--
    return true
  }
}
