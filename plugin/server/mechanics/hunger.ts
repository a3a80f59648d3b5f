// Hunger, eating and starvation, which flying-squid lacks (its players never get hungry and cannot eat), after
// vanilla's FoodData: exhaustion accumulates; every 4.0 of it takes one point of saturation, or of food when
// saturation is gone. With food >= 18 a hurt player heals 1 HP every 80 ticks at 6.0 exhaustion; with food 0 they
// take 1 HP of starvation every 80 ticks, down to 10 HP on easy, 1 on normal, death on hard. Eating: using a food
// item (mineflayer's `bot.consume`) for 32 ticks restores its food points and saturation (minecraft-data's foods)
// and ends with entity status 9, which is what mineflayer waits for.
// Not vanilla: vanilla exhausts only by actions (sprinting, jumping, mining, fighting), which flying-squid does not
// report, so a steady metabolism per tick stands in for them.
import type { MCServer, SquidItem, SquidPlayer } from 'flying-squid'
import { itemClass } from './prismarine.js'

export interface HungerOptions {
  /**
   * Exhaustion every living player in survival gains per tick, standing in for vanilla's per-action costs.
   * Default 0.0025: full food and saturation (25 points, 100 exhaustion) last 40,000 ticks, about 1.7 game days,
   * after which starvation sets in: a player who never eats is starving on the second day.
   */
  metabolismPerTick?: number
}

const EXHAUSTION_PER_POINT = 4
const HEAL_EXHAUSTION = 6
const HEALTH_INTERVAL_TICKS = 80
const EATING_TICKS = 32
const MAX_FOOD = 20
const MAX_HEALTH = 20

interface HungryPlayer extends SquidPlayer {
  health: number
  food: number
  foodSaturation: number
  updateFoodSaturation(saturation: number): void
}

interface Food {
  readonly foodPoints: number
  readonly saturation: number
}

interface PlayerHunger {
  exhaustion: number
  healthTimer: number
  eating: { slot: number; itemType: number; doneAt: number } | undefined
}

export function installHunger(serv: MCServer, options: HungerOptions = {}): void {
  const metabolism = options.metabolismPerTick ?? 0.0025
  if (!(metabolism >= 0)) throw new Error('metabolismPerTick must be a number >= 0')
  // By name: minecraft-data's `foods` ids lag behind the items' ids on 1.21.4 (raw beef is food 988, item 1037).
  const foodsByName = (serv.registry as unknown as { foodsByName: Record<string, Food | undefined> }).foodsByName
  const foodOf = (type: number): Food | undefined => foodsByName[serv.registry.items[type]?.name ?? '']
  const Item = itemClass(serv)
  const difficulty = (serv as { difficulty?: number }).difficulty ?? 1
  const states = new Map<SquidPlayer, PlayerHunger>()
  // Easy (1) stops starvation at 10 HP, normal (2) at 1 HP, hard (3) kills.
  const floorOf = (difficulty: number) => (difficulty >= 3 ? 0 : difficulty === 2 ? 1 : 10)

  serv.on('newPlayer', (player) => {
    const state: PlayerHunger = { exhaustion: 0, healthTimer: 0, eating: undefined }
    states.set(player, state)
    // flying-squid never sets saturation (it would send NaN); vanilla starts a player at 5.
    const hungry = player as HungryPlayer
    if (typeof hungry.foodSaturation !== 'number') hungry.foodSaturation = 5
    player._client.on('use_item', () => {
      const slot = 36 + player.heldItemSlot
      const item = player.inventory.slots[slot] as SquidItem | null | undefined
      if (!item || foodOf(item.type) === undefined || (player as HungryPlayer).food >= MAX_FOOD) return
      state.eating = { slot, itemType: item.type, doneAt: serv.tickCount + EATING_TICKS }
    })
    player._client.on('end', () => states.delete(player))
  })

  serv.on('tick', () => {
    for (const [squidPlayer, state] of states) {
      const player = squidPlayer as HungryPlayer
      if (player.gameMode !== 0 && player.gameMode !== 2) continue
      if (player.health <= 0) continue
      if (state.eating && serv.tickCount >= state.eating.doneAt) finishEating(player, state)
      state.exhaustion += metabolism
      let food = player.food
      let saturation = player.foodSaturation
      while (state.exhaustion >= EXHAUSTION_PER_POINT) {
        state.exhaustion -= EXHAUSTION_PER_POINT
        if (saturation > 0) saturation = Math.max(0, saturation - 1)
        else food = Math.max(0, food - 1)
      }
      if (food !== player.food || saturation !== player.foodSaturation) {
        player.foodSaturation = saturation
        player.updateFood(food)
      }
      state.healthTimer += 1
      if (state.healthTimer < HEALTH_INTERVAL_TICKS) continue
      state.healthTimer = 0
      if (food >= 18 && player.health < MAX_HEALTH) {
        state.exhaustion += HEAL_EXHAUSTION
        player.updateHealth(Math.min(MAX_HEALTH, player.health + 1))
      } else if (food === 0 && player.health > floorOf(difficulty)) {
        player.updateHealth(player.health - 1)
      }
    }
  })

  function finishEating(player: HungryPlayer, state: PlayerHunger): void {
    const eating = state.eating
    state.eating = undefined
    if (!eating) return
    const item = player.inventory.slots[eating.slot] as SquidItem | null | undefined
    const food = foodOf(eating.itemType)
    // Switched items or dropped the food meanwhile: nothing is eaten.
    if (!item || item.type !== eating.itemType || food === undefined) return
    const rest = item.count > 1 ? new Item(item.type, item.count - 1, item.metadata, item.nbt) : null
    player.inventory.updateSlot(eating.slot, rest)
    const newFood = Math.min(MAX_FOOD, player.food + food.foodPoints)
    player.foodSaturation = Math.min(newFood, player.foodSaturation + food.saturation)
    player.updateFood(newFood)
    player._client.write('entity_status', { entityId: player.id, entityStatus: 9 })
  }
}
