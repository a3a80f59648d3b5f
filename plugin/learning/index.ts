// Active DFA learning with a noisy teacher: L*, Kearns–Vazirani and CAPAL. Pure: no I/O, no mineflayer.
export { Capal, type CapalParameters } from './capal.js'
export { KearnsVazirani } from './kv.js'
export { type Algorithm, createLearner, type LearnOptions, type LearnReport, learn } from './learn.js'
export type { Learner, LearnerContext } from './learner.js'
export { LStar } from './lstar.js'
export type {
  Counterexample,
  CounterexampleSource,
  EquivalenceOracle,
  LearningEvent,
  Membership,
  MembershipTeacher,
  OracleOptions,
  SymbolWord,
} from './ports.js'
export { BudgetExhausted, QueryCache, type QueryCounters, wordKey } from './query-cache.js'
export { ExactOracle, SimulatedTeacher, uniformHash } from './simulated.js'
export { StatisticalOracle, type StatisticalOracleOptions } from './statistical-oracle.js'
export {
  characterizingSet,
  conformanceWords,
  distinguishingSuffixes,
  RandomWordOracle,
  stateCover,
  WMethodOracle,
  type WordExecutor,
} from './word-oracles.js'
