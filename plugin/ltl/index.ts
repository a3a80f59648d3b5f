// LTL on finite traces (LTLf): parsing, printing, compilation to DFAs. Pure: no I/O, no mineflayer.
export * from './ast.js'
export {
  type CompileOptions,
  compileLtl,
  type Letter,
  MAX_VALUATION_PROPOSITIONS,
  valuationIndex,
  valuationLetters,
} from './compile.js'
export { type LawSet, LOGICGUARD_LAW_SETS, lawSet } from './law-sets.js'
export { type LawKind, type LawSource, LtlMonitor, type Monitor, type Valuation } from './monitor.js'
export { LtlSyntaxError, parseLtl } from './parser.js'
export { printLtl } from './printer.js'
export {
  type BlockingLaw,
  type DeadlockBlame,
  describeVerdict,
  Shield,
  ShieldBlockedError,
  type ShieldOptions,
  type Verdict,
} from './shield.js'
