import { type Formula, isBinary, isUnary } from './ast.js'

const POWER: Readonly<Record<string, number>> = {
  iff: 1,
  implies: 2,
  or: 3,
  and: 4,
  until: 5,
  release: 5,
  weakUntil: 5,
}
const RIGHT_ASSOCIATIVE = new Set(['implies', 'until', 'release', 'weakUntil'])
const SYMBOL: Readonly<Record<string, string>> = {
  iff: '<->',
  implies: '->',
  or: '|',
  and: '&',
  until: 'U',
  release: 'R',
  weakUntil: 'W',
  not: '!',
  next: 'X',
  weakNext: 'N',
  eventually: 'F',
  always: 'G',
}

const KEYWORDS = new Set(['X', 'N', 'WX', 'F', 'G', 'U', 'R', 'W', 'true', 'false'])

/** Prints a formula in the syntax `parseLtl` reads, with only the parentheses precedence needs. */
export function printLtl(formula: Formula): string {
  return print(formula)
}

function print(f: Formula): string {
  switch (f.kind) {
    case 'true':
    case 'false':
      return f.kind
    case 'prop':
      return /^[A-Za-z0-9_](?:[A-Za-z0-9_.]*[A-Za-z0-9_])?(?:\([A-Za-z0-9_.]+(?:, ?\d+)?\))?$/.test(f.name) &&
        !KEYWORDS.has(f.name)
        ? f.name
        : `"${f.name}"`
  }
  if (isUnary(f)) {
    const symbol = SYMBOL[f.kind]!
    const inner = print(f.arg)
    if (isBinary(f.arg)) return `${symbol}(${inner})`
    return f.kind === 'not' ? `!${inner}` : `${symbol} ${inner}`
  }
  if (isBinary(f)) {
    const power = POWER[f.kind]!
    const right = RIGHT_ASSOCIATIVE.has(f.kind)
    const side = (child: Formula, isLeft: boolean): string => {
      const text = print(child)
      if (!isBinary(child)) return text
      const childPower = POWER[child.kind]!
      const needs = childPower < power || (childPower === power && (right ? isLeft : !isLeft))
      return needs ? `(${text})` : text
    }
    return `${side(f.left, true)} ${SYMBOL[f.kind]} ${side(f.right, false)}`
  }
  throw new Error('unknown formula kind')
}
