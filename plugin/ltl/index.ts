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
export { LtlSyntaxError, parseLtl } from './parser.js'
export { printLtl } from './printer.js'
