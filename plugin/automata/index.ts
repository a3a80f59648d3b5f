// The automata core: pure, synchronous (but for SVG rendering), no I/O, no mineflayer.
export { Alphabet } from './alphabet.js'
export { extendAlphabet, overAlphabet, restrictAlphabet, substitute } from './alphabet-ops.js'
export { concat, concatAll, type SequenceOptions, sequence, sequenceAll } from './concat.js'
export { Dfa, type DfaParts, NONE } from './dfa.js'
export { type DotOptions, toDot } from './dot.js'
export { allWords, countAccepted, enumerateAccepted, randomWord, sampleAccepted } from './enumerate.js'
export { type ExactLabel, withExactLabels } from './exact-labels.js'
export { DfaFormatError, type DfaJson, parseDfaJson, toDfaJson } from './json.js'
export { canonicalize, minimize } from './minimize.js'
export { determinize, type Nfa } from './nfa.js'
export {
  difference,
  type Equivalence,
  equivalent,
  intersect,
  isSubsetOf,
  type ProductOperation,
  type ProductOptions,
  product,
  symmetricDifference,
  union,
} from './product.js'
export { type Random, randomInt, seededRandom } from './random.js'
export { randomMinimalDfa } from './random-dfa.js'
export {
  complement,
  complete,
  coReachableStates,
  deadStates,
  distancesToAcceptance,
  isEmpty,
  keepStates,
  reachableStates,
  shortestPathToAcceptance,
  shortestWitness,
  trim,
} from './search.js'
export { DEFAULT_MAX_STATES, TooManyStatesError } from './size-limit.js'
export { renderSvg } from './svg.js'
