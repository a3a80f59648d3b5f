import { CedarError } from '../errors.js'
import { type BinaryKind, binary, FALSE, type Formula, prop, TRUE, type UnaryKind, unary } from './ast.js'

/** A formula that does not parse; `column` is 1-based, as in the message. */
export class LtlSyntaxError extends CedarError {
  override name = 'LtlSyntaxError'
  constructor(
    readonly reason: string,
    readonly column: number,
  ) {
    super(`${reason} at column ${column}`)
  }
}

type Token =
  | { readonly type: 'prop'; readonly name: string; readonly column: number }
  | { readonly type: 'op'; readonly op: string; readonly column: number }
  | { readonly type: 'end'; readonly column: number }

/** Spellings of each operator; `^` is "and" because LogicGuard's critic writes it so. */
const OPERATORS: readonly [string, string][] = [
  ['<->', 'iff'],
  ['<=>', 'iff'],
  ['↔', 'iff'],
  ['->', 'implies'],
  ['=>', 'implies'],
  ['→', 'implies'],
  ['&&', 'and'],
  ['&', 'and'],
  ['∧', 'and'],
  ['^', 'and'],
  ['||', 'or'],
  ['|', 'or'],
  ['∨', 'or'],
  ['!', 'not'],
  ['~', 'not'],
  ['¬', 'not'],
  ['(', '('],
  [')', ')'],
]

/** Single-letter temporal operators (and WX), recognised only as whole words. */
const WORD_OPERATORS: Readonly<Record<string, string>> = {
  X: 'next',
  N: 'weakNext',
  WX: 'weakNext',
  F: 'eventually',
  G: 'always',
  U: 'until',
  R: 'release',
  W: 'weakUntil',
  true: 'true',
  false: 'false',
}

/** Characters in one formula: a law typed in chat is under 256; generated ones stay far below this. */
export const MAX_FORMULA_LENGTH = 4000
/** Operators and parentheses nested inside each other; deeper formulas are refused, not a stack overflow. */
export const MAX_FORMULA_DEPTH = 200
/** Tokens in one formula (a chain a & a & ... nests the syntax tree as deep as it is long). */
export const MAX_FORMULA_TOKENS = 2000

function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < text.length) {
    const ch = text[i]!
    if (/\s/.test(ch)) {
      i++
      continue
    }
    const column = i + 1
    const symbol = OPERATORS.find(([spelling]) => text.startsWith(spelling, i))
    if (symbol) {
      tokens.push({ type: 'op', op: symbol[1], column })
      i += symbol[0].length
      continue
    }
    if (ch === '"') {
      const close = text.indexOf('"', i + 1)
      if (close < 0) throw new LtlSyntaxError('unterminated quoted proposition', column)
      const name = text.slice(i + 1, close)
      if (name === '') throw new LtlSyntaxError('empty quoted proposition', column)
      tokens.push({ type: 'prop', name, column })
      i = close + 1
      continue
    }
    const word = /^[A-Za-z0-9_][A-Za-z0-9_.]*/.exec(text.slice(i))?.[0]
    if (!word) throw new LtlSyntaxError(`unexpected character '${ch}'`, column)
    if (word.endsWith('.')) throw new LtlSyntaxError(`proposition "${word}" cannot end with '.'`, column)
    const op = WORD_OPERATORS[word]
    // The CEDAR paper writes propositions as calls, `mine(diamond_ore)`: one token when '(' follows at once.
    const call = op ? undefined : /^\([A-Za-z0-9_.]+(?:,\s*\d+)?\)/.exec(text.slice(i + word.length))?.[0]
    const name = call ? word + call : word
    tokens.push(op ? { type: 'op', op, column } : { type: 'prop', name, column })
    i += name.length
  }
  tokens.push({ type: 'end', column: text.length + 1 })
  return tokens
}

/** Binding strength of binary operators, weakest first; temporal binaries bind tighter than Boolean ones. */
const BINARY: Readonly<Record<string, { power: number; right: boolean }>> = {
  iff: { power: 1, right: false },
  implies: { power: 2, right: true },
  or: { power: 3, right: false },
  and: { power: 4, right: false },
  until: { power: 5, right: true },
  release: { power: 5, right: true },
  weakUntil: { power: 5, right: true },
}
const UNARY = new Set(['not', 'next', 'weakNext', 'eventually', 'always'])

const DESCRIBE: Readonly<Record<string, string>> = {
  iff: "'<->'",
  implies: "'->'",
  and: "'&'",
  or: "'|'",
  not: "'!'",
  until: "'U'",
  release: "'R'",
  weakUntil: "'W'",
  next: "'X'",
  weakNext: "'N'",
  eventually: "'F'",
  always: "'G'",
  '(': "'('",
  ')': "')'",
  true: "'true'",
  false: "'false'",
}

function describe(token: Token): string {
  if (token.type === 'end') return 'the end of the formula'
  if (token.type === 'prop') return `proposition "${token.name}"`
  return DESCRIBE[token.op] ?? token.op
}

/**
 * Parses LTL text: propositions (letters, digits, `_`, `.`, or "double-quoted", or a call such as
 * `mine(diamond_ore)`, kept as one name), true, false, ! ~ ¬, & && ∧ ^,
 * | || ∨, -> => →, <-> <=> ↔, X (strong next), N and WX (weak next), F, G, U, R, W, parentheses. Precedence from
 * loosest: <->, -> (right-associative), |, &, then U R W (right-associative), then the unary operators.
 */
export function parseLtl(text: string): Formula {
  if (text.length > MAX_FORMULA_LENGTH) {
    throw new LtlSyntaxError(
      `the formula is ${text.length.toLocaleString('en')} characters long; at most ${MAX_FORMULA_LENGTH.toLocaleString('en')}`,
      MAX_FORMULA_LENGTH + 1,
    )
  }
  const tokens = tokenize(text)
  if (tokens.length - 1 > MAX_FORMULA_TOKENS) {
    throw new LtlSyntaxError(
      `the formula has ${(tokens.length - 1).toLocaleString('en')} operators and propositions; at most ${MAX_FORMULA_TOKENS.toLocaleString('en')}`,
      tokens[MAX_FORMULA_TOKENS]?.column ?? 1,
    )
  }
  let at = 0
  let depth = 0
  const peek = () => tokens[at]!
  const take = () => tokens[at++]!
  /** Runs one level of nesting, refusing past MAX_FORMULA_DEPTH before the stack would overflow. */
  const nested = <T>(column: number, parse: () => T): T => {
    if (++depth > MAX_FORMULA_DEPTH) {
      throw new LtlSyntaxError(`the formula nests more than ${MAX_FORMULA_DEPTH} deep (the limit)`, column)
    }
    try {
      return parse()
    } finally {
      depth--
    }
  }

  const primary = (): Formula => {
    const token = take()
    if (token.type === 'prop') return prop(token.name)
    if (token.type === 'end') throw new LtlSyntaxError('expected a formula but the formula ended', token.column)
    if (token.op === 'true') return TRUE
    if (token.op === 'false') return FALSE
    if (token.op === '(') {
      if (peek().type === 'op' && (peek() as { op: string }).op === ')') {
        throw new LtlSyntaxError("expected a formula inside '()'", peek().column)
      }
      const inner = nested(token.column, () => expression(0))
      const close = take()
      if (close.type !== 'op' || close.op !== ')') {
        throw new LtlSyntaxError(
          `expected ')' to close the '(' at column ${token.column}, found ${describe(close)}`,
          close.column,
        )
      }
      return inner
    }
    if (UNARY.has(token.op)) return unary(token.op as UnaryKind, nested(token.column, primary))
    throw new LtlSyntaxError(`expected a formula, found ${describe(token)}`, token.column)
  }

  const expression = (minPower: number): Formula => {
    let left = primary()
    for (;;) {
      const token = peek()
      if (token.type !== 'op') {
        if (token.type === 'prop') {
          throw new LtlSyntaxError(`expected an operator before ${describe(token)}`, token.column)
        }
        return left
      }
      const info = BINARY[token.op]
      if (!info) {
        if (token.op === ')' || token.op === 'end') return left
        throw new LtlSyntaxError(`expected a binary operator, found ${describe(token)}`, token.column)
      }
      if (info.power < minPower) return left
      take()
      const right = nested(token.column, () => expression(info.right ? info.power : info.power + 1))
      left = binary(token.op as BinaryKind, left, right)
    }
  }

  const formula = expression(0)
  const rest = peek()
  if (rest.type !== 'end') {
    throw new LtlSyntaxError(
      rest.type === 'op' && rest.op === ')' ? "unmatched ')'" : `unexpected ${describe(rest)}`,
      rest.column,
    )
  }
  return formula
}
