import type { Rules } from '../../world/rules.js'
import { armourReflex } from './armour-reflex.js'
import { eatingReflex } from './eating-reflex.js'
import { escapeReflex } from './escape-reflex.js'
import { fightReflex } from './fight-reflex.js'
import type { Reflex } from './reflex.js'
import { shelterReflex } from './shelter-reflex.js'

/** The survival reflexes an owner can switch on and off (`reflexes` option, `!mode <name> on|off`). */
export const REFLEX_NAMES = ['eat', 'escape', 'fight', 'shelter', 'armour'] as const
export type ReflexName = (typeof REFLEX_NAMES)[number]

export function isReflexName(name: string): name is ReflexName {
  return (REFLEX_NAMES as readonly string[]).includes(name)
}

/** Which reflexes are on, changed while the bot runs: a reflex switched off stops acting at its next turn. */
export class ReflexModes {
  private readonly on: Map<ReflexName, boolean>

  constructor(initial: Partial<Readonly<Record<ReflexName, boolean>>> = {}) {
    this.on = new Map(REFLEX_NAMES.map((name) => [name, initial[name] ?? true]))
  }

  isOn(name: ReflexName): boolean {
    return this.on.get(name) ?? true
  }

  set(name: ReflexName, on: boolean): void {
    this.on.set(name, on)
  }

  list(): Record<ReflexName, boolean> {
    return Object.fromEntries(REFLEX_NAMES.map((name) => [name, this.isOn(name)])) as Record<ReflexName, boolean>
  }
}

/**
 * The survival reflexes in the order the controller asks them: out of a liquid first (nothing else goes well while
 * swimming), then armour held put on (one quick act, before a fight rather than after), then a mob at hand, then
 * mobs coming (dig in for the night), then food. Each asks `modes` at every
 * turn, so switching one off takes effect in a run already going.
 */
export function survivalReflexes(rules: Rules, modes = new ReflexModes()): Reflex[] {
  const reflexes: [ReflexName, Reflex][] = [
    ['escape', escapeReflex()],
    ['armour', armourReflex()],
    ['fight', fightReflex(rules)],
    ['shelter', shelterReflex(rules)],
    ['eat', eatingReflex(rules)],
  ]
  return reflexes.map(([name, reflex]) => ({
    name: reflex.name,
    next: (observation, context) => (modes.isOn(name) ? reflex.next(observation, context) : undefined),
  }))
}
