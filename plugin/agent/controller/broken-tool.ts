/** How the controller tells that the tool in hand broke during an act (tool-wear.ts says what follows from it). */
import type { Primitive } from '../../vocabulary/symbols.js'
import type { Observation } from '../../world/port.js'

/** Acts that use the tool in hand rather than give it away (placing, eating, crafting and smelting consume items). */
const WEARING = new Set<Primitive['verb']>(['mine', 'kill', 'explore'])

/** The tool in hand before `primitive` that broke during it: the hand is empty after, and one fewer is held. */
export function brokenTool(before: Observation, after: Observation, primitive: Primitive): string | undefined {
  const tool = before.equipped
  if (tool === undefined || !WEARING.has(primitive.verb) || after.equipped !== undefined) return undefined
  return (after.inventory.get(tool) ?? 0) < (before.inventory.get(tool) ?? 0) ? tool : undefined
}
