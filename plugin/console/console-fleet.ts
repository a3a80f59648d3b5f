/**
 * The bots whose consoles run in this process (`cedar start --bots N`): every console's page lists them all, each
 * with its task, health, food and what it holds, and a link to its own console. The links carry each console's
 * token: whoever can open one console of the process was shown all of their addresses when it started.
 */
import type { Bot } from 'mineflayer'
import { itemWords, listWords } from '../vocabulary/player-words.js'

export interface FleetMember {
  readonly bot: Bot
  /** The member's console page, with its token. */
  readonly url: string
  /** The task it runs or ran last, as its console shows it. */
  readonly task: () => { readonly name: string; readonly end?: string } | undefined
}

/** One bot as the fleet panel shows it. */
export interface FleetEntry {
  readonly bot: string
  readonly url: string
  /** Whether it is in the world now (its health and food are then what the server last said). */
  readonly inWorld: boolean
  readonly health: number | null
  readonly food: number | null
  readonly task: string
  readonly holds: string
}

const members = new Set<FleetMember>()

/** Adds a console's bot to the process's fleet; the returned function takes it out (its console closed). */
export function joinFleet(member: FleetMember): () => void {
  members.add(member)
  return () => {
    members.delete(member)
  }
}

/** Every bot of the process, by name. */
export function fleetEntries(): FleetEntry[] {
  return [...members].map(entryOf).sort((a, b) => a.bot.localeCompare(b.bot))
}

/** The stacks a bot holds, most first: a panel row, not an inventory screen. */
const SHOWN_STACKS = 6

function entryOf({ bot, url, task }: FleetMember): FleetEntry {
  const inWorld = bot.entity !== undefined && bot.entity !== null
  const counts = new Map<string, number>()
  for (const item of inWorld ? bot.inventory.items() : [])
    counts.set(item.name, (counts.get(item.name) ?? 0) + item.count)
  const stacks = [...counts].sort((a, b) => b[1] - a[1])
  const shown = stacks.slice(0, SHOWN_STACKS).map(([name, n]) => itemWords(name, n))
  if (stacks.length > SHOWN_STACKS) shown.push(`${stacks.length - SHOWN_STACKS} more kinds`)
  const current = task()
  return {
    bot: bot.username,
    url,
    inWorld,
    health: inWorld ? bot.health : null,
    food: inWorld ? bot.food : null,
    task: current ? `${current.name}${current.end ? ` (${current.end})` : ''}` : 'no task yet',
    holds: shown.length > 0 ? listWords(shown) : 'nothing',
  }
}
