// Hunger, eating and starvation, which flying-squid lacks (its players never get hungry and cannot eat), after
// vanilla's FoodData: what a player does adds exhaustion (exertion.ts: sprinting, swimming, jumping, mining,
// attacking; here, damage taken); above 4.0 it takes one point of saturation, or of food once saturation is gone.
// Healing costs exhaustion too: with full food and saturation left a hurt player heals every 10 ticks (up to 1 HP
// for 6.0 of saturation), with food >= 18 1 HP every 80 ticks at 6.0; with food 0 they take 1 HP of starvation every
// 80 ticks, down to 10 HP on easy, 1 on normal, death on hard. So a player who stands still never gets hungry, as
// in vanilla. Eating: using a food item (mineflayer's `bot.consume`) for 32 ticks restores its food points and
// saturation (minecraft-data's foods) and ends with entity status 9, which is what mineflayer waits for.
import type { MCServer, SquidItem, SquidPlayer } from 'flying-squid'
import { EXHAUSTION, trackExertion } from './exertion.js'
import { itemClass } from './prismarine.js'

export interface HungerOptions {
  /**
   * Exhaustion every living player in survival gains per tick on top of their actions' (not vanilla, which has
   * none). Default 0.
   */
  metabolismPerTick?: number
}

const EXHAUSTION_PER_POINT = 4
const MAX_EXHAUSTION = 40
const HEAL_EXHAUSTION = 6
const HEALTH_INTERVAL_TICKS = 80
/** With full food and saturation left, vanilla (1.11+) heals this often, from saturation. */
const SATURATED_HEAL_TICKS = 10
const EATING_TICKS = 32
const MAX_FOOD = 20
const MAX_HEALTH = 20

/** A player with vanilla's FoodData as flying-squid-style fields (food and saturation are flying-squid's own). */
export interface HungryPlayer extends SquidPlayer {
  health: number
  food: number
  foodSaturation: number
  /** Exhaustion not yet taken from saturation or food (vanilla's exhaustionLevel). */
  foodExhaustion: number
  updateFoodSaturation(saturation: number): void
}

interface Food {
  readonly foodPoints: number
  readonly saturation: number
}

interface PlayerHunger {
  healthTimer: number
  /** Health at the end of the last tick: a drop since is damage taken. */
  health: number
  eating: { slot: number; itemType: number; doneAt: number } | undefined
}

export function installHunger(serv: MCServer, options: HungerOptions = {}): void {
  const metabolism = options.metabolismPerTick ?? 0
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
    const hungry = player as HungryPlayer
    const state: PlayerHunger = { healthTimer: 0, health: hungry.health, eating: undefined }
    states.set(player, state)
    // flying-squid never sets saturation (it would send NaN); vanilla starts a player at 5.
    if (typeof hungry.foodSaturation !== 'number') hungry.foodSaturation = 5
    hungry.foodExhaustion = 0
    // Creative and spectator players do not tire (vanilla: invulnerable abilities).
    trackExertion(serv, player, (amount) => {
      if (player.gameMode === 0 || player.gameMode === 2)
        hungry.foodExhaustion = Math.min(MAX_EXHAUSTION, hungry.foodExhaustion + amount)
    })
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
      const tookDamage = player.health < state.health
      state.health = player.health
      if (player.gameMode !== 0 && player.gameMode !== 2) continue
      if (player.health <= 0) continue
      if (state.eating && serv.tickCount >= state.eating.doneAt) finishEating(player, state)
      if (tookDamage) player.foodExhaustion += EXHAUSTION.damage
      player.foodExhaustion += metabolism
      tickFood(player, state)
      state.health = player.health
    }
  })

  /** Vanilla's FoodData.tick: one point of exhaustion's toll, then healing or starving. */
  function tickFood(player: HungryPlayer, state: PlayerHunger): void {
    let food = player.food
    let saturation = player.foodSaturation
    if (player.foodExhaustion > EXHAUSTION_PER_POINT) {
      player.foodExhaustion -= EXHAUSTION_PER_POINT
      if (saturation > 0) saturation = Math.max(0, saturation - 1)
      else food = Math.max(0, food - 1)
    }
    if (food !== player.food || saturation !== player.foodSaturation) {
      player.foodSaturation = saturation
      player.updateFood(food)
    }
    const hurt = player.health < MAX_HEALTH
    if (hurt && food >= MAX_FOOD && saturation > 0) {
      if (++state.healthTimer < SATURATED_HEAL_TICKS) return
      state.healthTimer = 0
      const spent = Math.min(saturation, HEAL_EXHAUSTION)
      player.foodExhaustion += spent
      player.updateHealth(Math.min(MAX_HEALTH, player.health + spent / HEAL_EXHAUSTION))
    } else if (hurt && food >= 18) {
      if (++state.healthTimer < HEALTH_INTERVAL_TICKS) return
      state.healthTimer = 0
      player.foodExhaustion += HEAL_EXHAUSTION
      player.updateHealth(Math.min(MAX_HEALTH, player.health + 1))
    } else if (food === 0) {
      if (++state.healthTimer < HEALTH_INTERVAL_TICKS) return
      state.healthTimer = 0
      if (player.health > floorOf(difficulty)) player.updateHealth(player.health - 1)
    } else {
      state.healthTimer = 0
    }
  }

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
