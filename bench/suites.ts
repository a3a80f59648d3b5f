// The benchmark suites, loaded lazily: the runner (run.ts) runs them, and `npm run results` (readme-results.ts)
// reads their declared sources to tell a stale result file.
import type { Suite } from './suite.js'

/**
 * The suites, in run order. Later issues append here. An `explicit` suite runs only when named (`live`, `live-everyday`, `live-fights`:
 * real servers, most of an hour a seed).
 */
export const SUITES: readonly {
  readonly name: string
  readonly load: () => Promise<Suite>
  readonly explicit?: boolean
}[] = [
  { name: 'automata', load: async () => (await import('./automata.js')).automataSuite },
  { name: 'shield', load: async () => (await import('./shield.js')).shieldSuite },
  { name: 'learning', load: async () => (await import('./learning.js')).learningSuite },
  { name: 'grounding', load: async () => (await import('./grounding.js')).groundingSuite },
  { name: 'critic', load: async () => (await import('./critic.js')).criticSuite },
  { name: 'cedar-constraints', load: async () => (await import('./cedar-constraints.js')).cedarConstraintsSuite },
  { name: 'cedar-skills', load: async () => (await import('./cedar-skills.js')).cedarSkillsSuite },
  { name: 'teachers', load: async () => (await import('./teachers.js')).teachersSuite },
  { name: 'world', load: async () => (await import('./world.js')).worldSuite },
  {
    name: 'player-counterexamples',
    load: async () => (await import('./player-counterexamples.js')).playerCounterexamplesSuite,
  },
  { name: 'skills-llm', load: async () => (await import('./skills-llm.js')).skillsLlmSuite },
  { name: 'fleet', load: async () => (await import('./fleet.js')).fleetSuite },
  { name: 'live', load: async () => (await import('./live.js')).liveSuite, explicit: true },
  {
    name: 'live-everyday',
    load: async () => (await import('./live-everyday.js')).liveEverydaySuite,
    explicit: true,
  },
  { name: 'live-fights', load: async () => (await import('./live-fights.js')).liveFightsSuite, explicit: true },
]
