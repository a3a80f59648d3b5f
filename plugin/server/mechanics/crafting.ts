// Crafting: the 2×2 grid of the player's own window (slots 1-4, result 0) and a crafting table's 3×3 window
// (slots 1-9, result 0). The result slot is recomputed from the grid after every click and sent, which is also
// what mineflayer waits for after each grid click; taking the result (click or shift-click) consumes one of each
// ingredient, as vanilla does.
import type { MCServer, SquidItem, SquidPlayer, SquidWindow } from 'flying-squid'
import { RecipeBook } from './recipe-book.js'
import {
  insertStack,
  placesInstead,
  type WindowBehaviour,
  type WindowClick,
  type WindowSessions,
} from './window-session.js'

const RESULT_SLOT = 0
const CLICK_MODE_PICKUP = 0
const CLICK_MODE_QUICK_MOVE = 1

export function installCrafting(serv: MCServer, sessions: WindowSessions): void {
  const book = new RecipeBook(serv.registry)
  sessions.onInventoryClick(craftingGrid(book, sessions, 2))
  const table = craftingGrid(book, sessions, 3)
  serv.onBlockInteraction('crafting_table', ({ player }) => {
    if (placesInstead(player)) return false
    sessions.open(player, { type: 'minecraft:crafting', title: 'Crafting', behaviour: table })
    return true
  })
}

/** The behaviour of a crafting window whose grid is `width`×`width` at slots 1.. and whose result is slot 0. */
function craftingGrid(book: RecipeBook, sessions: WindowSessions, width: number): WindowBehaviour {
  const gridSlots = Array.from({ length: width * width }, (_, i) => i + 1)
  const match = (window: SquidWindow) =>
    book.match(
      gridSlots.map((slot) => window.slots[slot]?.type ?? null),
      width,
    )
  const refresh = (window: SquidWindow) => {
    const found = match(window)
    // Always announced, even when unchanged: mineflayer waits for slot 0 after every grid click.
    window.updateSlot(RESULT_SLOT, found ? new sessions.Item(found.result.id, found.result.count) : null)
  }
  /** Takes one craft's ingredients out of the grid; false if the grid holds no recipe. */
  const consume = (window: SquidWindow): boolean => {
    const found = match(window)
    if (!found) return false
    gridSlots.forEach((slot, cell) => {
      const item = window.slots[slot]
      if (!item) return
      const remainder = found.remainders.get(cell)
      if (remainder !== undefined) window.updateSlot(slot, new sessions.Item(remainder, 1))
      else if (item.count > 1) {
        item.count -= 1
        window.updateSlot(slot, item)
      } else window.updateSlot(slot, null)
    })
    return true
  }
  return {
    click(window: SquidWindow, click: WindowClick): boolean {
      if (click.slot !== RESULT_SLOT) return false
      const result = window.slots[RESULT_SLOT]
      if (!result) return true
      if (click.mode === CLICK_MODE_PICKUP) {
        const carried = window.selectedItem
        if (carried && (carried.type !== result.type || carried.count + result.count > carried.stackSize)) return true
        if (!consume(window)) return true
        if (carried) carried.count += result.count
        else window.selectedItem = sessions.clone(result)
      } else if (click.mode === CLICK_MODE_QUICK_MOVE) {
        // Shift-click crafts as many as the grid and the inventory allow.
        for (let made = 0; made < 64; made++) {
          const current = window.slots[RESULT_SLOT]
          if (!current || current.type !== result.type || !fits(window, current)) break
          if (!consume(window)) break
          insertStack(window, current, sessions.Item)
          refresh(window)
        }
      }
      return true
    },
    afterClick(window: SquidWindow, click: WindowClick): void {
      if (click.slot >= 0 && click.slot <= width * width) refresh(window)
    },
    close(window: SquidWindow, player: SquidPlayer): void {
      // Whatever is left in the grid goes back to the player, as when vanilla closes a crafting screen.
      for (const slot of gridSlots) {
        const item = window.slots[slot]
        if (!item) continue
        window.updateSlot(slot, null)
        sessions.giveOrDrop(player, item)
      }
      window.updateSlot(RESULT_SLOT, null)
    },
  }
}

/** Whether the whole stack fits into the window's inventory part. */
function fits(window: SquidWindow, item: SquidItem): boolean {
  let room = 0
  for (let slot = window.inventoryStart; slot < window.inventoryEnd; slot++) {
    const held = window.slots[slot]
    if (!held) room += item.stackSize
    else if (held.type === item.type) room += held.stackSize - held.count
    if (room >= item.count) return true
  }
  return false
}
