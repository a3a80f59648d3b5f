/**
 * The armour reflex (issue 37): armour in the inventory protects nothing, so a piece held that is better than what
 * the bot wears in its slot (or one for a slot with nothing on) is put on, one piece a turn, head to feet. Pieces
 * the running plan names are left where they are ("make me iron armour" counts the helmet in the inventory, and
 * "put on your armour" puts them on itself); once the run is over the idle turn wears them too.
 */
import { armourRank, armourSlot, bestArmour } from '../../vocabulary/armour.js'
import type { Reflex } from './reflex.js'

export function armourReflex(): Reflex {
  return {
    name: 'armour',
    next(o, { skip, spare }) {
      const worn = [...(o.worn ?? [])]
      for (const piece of bestArmour([...o.inventory.keys()].filter((item) => spare(item)))) {
        const slot = armourSlot(piece)
        const current = worn.find((w) => armourSlot(w) === slot)
        if (current !== undefined && armourRank(current) >= armourRank(piece)) continue
        if (skip(`equip.${piece}`)) continue
        const why = current === undefined ? `nothing worn on the ${slot}` : `better than the ${current} worn`
        return { primitive: { verb: 'equip', object: piece }, why }
      }
      return undefined
    },
  }
}
