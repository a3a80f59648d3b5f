/**
 * Laws and constraints in plain English, for the forms the bot's laws take: `G(cond -> X !act)` is "never <act>
 * without/while <cond>", `G !act` is "never <act>", `G(cond -> X act)` is "when <cond>, <act> next". Any other
 * formula is read out operator by operator ("always: if ... then next ..."), so every law has a sentence.
 */
import { type Formula, isBinary, isUnary } from '../ltl/ast.js'
import { parseLtl } from '../ltl/parser.js'
import { actCommand, listWords, stateWords } from './player-words.js'
import { isActionSymbol } from './symbols.js'

function propWords(name: string): string {
  return isActionSymbol(name) ? actCommand(name) : stateWords(name)
}

/** The props of a formula that is only props joined by `join` (a lone prop counts), else undefined. */
function joined(f: Formula, join: 'and' | 'or'): string[] | undefined {
  if (f.kind === 'prop') return [f.name]
  if (f.kind === join && isBinary(f)) {
    const left = joined(f.left, join)
    const right = joined(f.right, join)
    return left && right ? [...left, ...right] : undefined
  }
  return undefined
}

/** Acts forbidden: `!a`, `!a & !b`, `!(a | b)`. */
function forbiddenActs(f: Formula): string[] | undefined {
  if (f.kind === 'not' && isUnary(f)) {
    const acts = joined(f.arg, 'or')
    return acts?.every(isActionSymbol) ? acts : undefined
  }
  if (f.kind === 'and' && isBinary(f)) {
    const left = forbiddenActs(f.left)
    const right = forbiddenActs(f.right)
    return left && right ? [...left, ...right] : undefined
  }
  return undefined
}

/** What must be missing for a law to hold back: `!p`, `!p & !q`, `!(p | q)` → the props. */
function missing(f: Formula): string[] | undefined {
  if (f.kind === 'not' && isUnary(f)) return joined(f.arg, 'or')
  if (f.kind === 'and' && isBinary(f)) {
    const left = missing(f.left)
    const right = missing(f.right)
    return left && right ? [...left, ...right] : undefined
  }
  return undefined
}

/** "at night", "while near lava", "with 3 oak logs". */
function whenWords(f: Formula): string {
  const props = joined(f, 'and')
  if (props && props.length === 1 && props[0] === 'time.night') return 'at night'
  if (props && props.length === 1 && props[0] === 'time.day') return 'by day'
  if (props?.every((p) => p.startsWith('has.'))) return `with ${listWords(props.map(stateWords))}`
  if (props) return `while ${listWords(props.map(stateWords))}`
  return `when ${generic(f)}`
}

/** "without an iron pickaxe in hand", "without 4 planks", "unless near a crafting table". */
function withoutWords(props: string[]): string {
  if (props.every((p) => p.startsWith('equipped.'))) {
    return `without ${orWords(props.map((p) => stateWords(p).replace(/ in hand$/, '')))} in hand`
  }
  if (props.every((p) => p.startsWith('has.'))) return `without ${orWords(props.map(stateWords))}`
  return `unless ${orWords(props.map(stateWords))}`
}

function orWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`
}

const NEXT = new Set(['next', 'weakNext'])

/** The sentence for a law's formula; the formula itself when it does not parse. */
export function lawWords(text: string): string {
  let formula: Formula
  try {
    formula = parseLtl(text)
  } catch {
    return text
  }
  return sentence(formula)
}

function sentence(f: Formula): string {
  if (f.kind === 'always' && isUnary(f)) {
    const body = f.arg
    const never = forbiddenActs(body)
    if (never) return `never ${orWords(never.map(actCommand))}`
    if (body.kind === 'implies' && isBinary(body)) {
      const then = NEXT.has(body.right.kind) && isUnary(body.right) ? body.right.arg : body.right
      const acts = forbiddenActs(then)
      if (acts) {
        const absent = missing(body.left)
        const when = absent ? withoutWords(absent) : whenWords(body.left)
        return `never ${orWords(acts.map(actCommand))} ${when}`
      }
      if (then.kind === 'prop' && isActionSymbol(then.name)) {
        return `${whenWords(body.left).replace(/^while /, 'when ')}, ${actCommand(then.name)} next`
      }
      if (body.right.kind === 'eventually' && isUnary(body.right)) {
        return `${whenWords(body.left).replace(/^while /, 'when ')}, ${generic(body.right.arg)} sooner or later`
      }
    }
    if (body.kind === 'eventually' && isUnary(body)) return `keep coming back to ${generic(body.arg)}`
    return `always: ${generic(body)}`
  }
  if (f.kind === 'eventually' && isUnary(f)) {
    const have = f.arg.kind === 'prop' && f.arg.name.startsWith('has.') ? 'have ' : ''
    return `in the end, ${have}${generic(f.arg)}`
  }
  return generic(f)
}

/** Operator by operator, for formulas of no known form. */
function generic(f: Formula): string {
  switch (f.kind) {
    case 'true':
      return 'anything'
    case 'false':
      return 'nothing'
    case 'prop':
      return propWords(f.name)
  }
  if (isUnary(f)) {
    const inner = generic(f.arg)
    switch (f.kind) {
      case 'not':
        return `not ${inner}`
      case 'next':
      case 'weakNext':
        return `next, ${inner}`
      case 'eventually':
        return `eventually ${inner}`
      case 'always':
        return `always ${inner}`
    }
  }
  if (isBinary(f)) {
    const left = generic(f.left)
    const right = generic(f.right)
    switch (f.kind) {
      case 'and':
        return `${left} and ${right}`
      case 'or':
        return `${left} or ${right}`
      case 'implies':
        return `if ${left}, then ${right}`
      case 'iff':
        return `${left} exactly when ${right}`
      case 'until':
        return `${left} until ${right}`
      case 'weakUntil':
        return `${left} until ${right}, if ever`
      case 'release':
        return `${right} until ${left} releases it`
    }
  }
  return ''
}
