// What the cedar-skills and skills-llm suites measure, beside the paper's published columns: CEDAR Table 4's crafting
// tasks, "Find a Diamond" with its milestones (Table 5), and the skill–constraint compositions (Table 13).
import type { ControllerStep } from '../plugin/agent/index.js'
import type { SimOptions } from '../plugin/world/sim/index.js'

export interface Task {
  readonly name: string
  /** The item the paper's task ends with; success is holding it. */
  readonly target: string
  /** Tried in order; the first that grounds to a skill runs (the others' refusals are reported). */
  readonly instructions: readonly string[]
  /** The task's own skill (the last of its chain): never in the library its with-library trial starts from. */
  readonly skill: string
  /** CEDAR Table 4, prompting iterations: mean, sd over successful trials, and successes of 25; without, with S.L. */
  readonly paper: readonly [without: PaperCell, withLibrary: PaperCell]
}
type PaperCell = readonly [mean: number, sd: number, successes: number]

const task = (name: string, target: string, instructions: string[], without: PaperCell, withLibrary: PaperCell) => ({
  name,
  target,
  instructions,
  skill: target === 'lava_bucket' ? 'mine.lava' : `craft.${target}`,
  paper: [without, withLibrary] as const,
})
export const TASKS: readonly Task[] = [
  task('wooden pickaxe', 'wooden_pickaxe', ['craft a wooden pickaxe'], [6.6, 2.8, 25], [5.5, 4, 25]),
  task('iron pickaxe', 'iron_pickaxe', ['craft an iron pickaxe'], [30.4, 3.3, 25], [9.6, 6, 25]),
  task('diamond pickaxe', 'diamond_pickaxe', ['craft a diamond pickaxe'], [45.9, 11.1, 18], [19.8, 6.5, 23]),
  // "get a lava bucket" first: if the grounding ever maps it to a skill, that is what runs.
  task(
    'lava bucket',
    'lava_bucket',
    ['get a lava bucket', 'fill a bucket with lava'],
    [27.2, 5.6, 25],
    [10.5, 8.5, 25],
  ),
  task('compass', 'compass', ['craft a compass'], [29.8, 2.1, 9], [10, 2.7, 25]),
]

/** "Find a Diamond" milestones (CEDAR Table 5) and when the inventory shows each. */
export const MILESTONES: readonly { readonly name: string; readonly items: readonly string[] }[] = [
  { name: 'logs', items: ['logs'] },
  { name: 'crafting table', items: ['crafting_table'] },
  { name: 'cobblestone', items: ['cobblestone'] },
  { name: 'furnace', items: ['furnace'] },
  { name: 'iron', items: ['raw_iron', 'iron_ingot'] },
  { name: 'diamond', items: ['diamond'] },
]
/** CEDAR Table 5: cumulative LLM queries at each milestone (Appendix A, Figure 7). */
export const PAPER_TABLE5 = { CEDAR: [18, 20, 23, 28, 30, 37], Voyager: [4, 13, 25, 34, 41, 75] } as const

export interface CompositionCase {
  readonly name: string
  /** The column of CEDAR Table 13 it stands beside. */
  readonly paperName: string
  readonly instruction: string
  readonly world: (seed: number) => SimOptions
  /** Whether the run kept the constraint (checked on its steps, not taken from the controller's word). */
  readonly kept: (steps: readonly ControllerStep[]) => boolean
  /** CEDAR Table 13: skill DFA, specification DFA and reachable product states ('N/A' where it gives none). */
  readonly paper: readonly [number | 'N/A', number, number]
}

const ORE = /^mine\.(deepslate_)?[a-z]+_ore$/
export const COMPOSITIONS: readonly CompositionCase[] = [
  {
    name: 'diamond ∩ sleep',
    paperName: 'Diamond ∩ Sleep',
    instruction: 'collect a diamond but sleep at night',
    // Starting late in the day (as in test/agent-sim.test.ts), every run meets a night on the way.
    world: (seed) => ({ seed, startInventory: { white_bed: 1 }, startTime: 10_000 + 200 * (seed % 20) }),
    kept: (steps) => {
      let night = false
      for (const s of steps) {
        if (night && s.action !== 'sleep.bed') return false
        if (s.action === 'sleep.bed' && s.ok) night = false
        if (s.events.includes('time.night')) night = true
        if (s.events.includes('time.day')) night = false
      }
      return true
    },
    paper: [7, 9, 17],
  },
  {
    name: 'minerals ∩ night',
    paperName: 'Mine ∩ Night',
    instruction: 'collect 3 coal but mine minerals only at night',
    world: (seed) => ({ seed }),
    kept: (steps) => !steps.some((s) => s.ok && ORE.test(s.action) && !s.night),
    paper: ['N/A', 3, 3],
  },
  {
    name: 'diamond ∩ biome',
    paperName: 'Explore ∩ Biome',
    instruction: 'collect a diamond but stay in the windswept forest',
    world: (seed) => ({ seed, startBiome: 'windswept_forest' }),
    kept: (steps) => steps.every((s) => s.biome === 'windswept_forest'),
    paper: ['N/A', 2, 2],
  },
]
