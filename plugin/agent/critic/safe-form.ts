/**
 * LogicGuard's safe form (Theorem 1): a critic's law must read G(φs → X φa), φs a condition over state predicates
 * and φa a propositional formula over actions. Such a law constrains only the next action, from what is observable
 * now, so the shield can always tell whether an action keeps it, and a recorded state where φs held (the grounding
 * check) shows the law is about states the bot meets. Anything else is refused with the reason: `G !a` (no
 * condition: it forbids the action everywhere, whatever the state), `F p` (an eventuality the shield cannot
 * enforce by refusing one action), nested X (a promise about later steps), an action in the condition, a state
 * predicate after X, and a condition that names no state predicate.
 *
 * A new form needs its own argument that a monitor of it is dead only when its next action breaks it; until
 * then it is refused here.
 */
import type { Formula } from '../../ltl/ast.js'
import { propositions } from '../../ltl/ast.js'
import { printLtl } from '../../ltl/printer.js'
import { isActionSymbol } from '../../vocabulary/symbols.js'

const SAFE = 'the safe form G(condition -> X action)'

/** Why `formula` is not in the safe form, or undefined when it is. */
export function safeFormProblem(formula: Formula): string | undefined {
  if (formula.kind !== 'always') {
    if (formula.kind === 'eventually')
      return `F ... is an eventuality, not ${SAFE}: no single action the shield refuses can keep it`
    return `it is not ${SAFE}: it does not start with G`
  }
  const body = formula.arg
  if (body.kind !== 'implies') {
    return `G ${printLtl(body)} has no condition: it holds in every state whatever is observed, not ${SAFE}`
  }
  const temporal = firstTemporal(body.left)
  if (temporal) return `its condition has the temporal operator ${temporal}; the condition must be about the state now`
  const conditionActions = propositions(body.left).filter(isActionSymbol)
  if (conditionActions.length > 0)
    return `its condition names the action ${conditionActions.join(', ')}; the condition must be state predicates`
  if (propositions(body.left).length === 0) return 'its condition names no state predicate, so nothing grounds it'
  if (body.right.kind !== 'next' && body.right.kind !== 'weakNext')
    return `after -> comes ${printLtl(body.right)}, not X action: ${SAFE}`
  const inner = firstTemporal(body.right.arg)
  if (inner === 'X') return 'it has nested X: only the next action is safe to constrain'
  if (inner) return `after X it has the temporal operator ${inner}; only actions (with &, |, !) go there`
  const states = propositions(body.right.arg).filter((p) => !isActionSymbol(p))
  if (states.length > 0) return `after X it names the state predicate ${states.join(', ')}; only actions go there`
  if (propositions(body.right.arg).length === 0) return 'after X it names no action'
  return undefined
}

const OPERATOR: Readonly<Record<string, string>> = {
  next: 'X',
  weakNext: 'X',
  eventually: 'F',
  always: 'G',
  until: 'U',
  release: 'R',
  weakUntil: 'W',
}

/** The first temporal operator in `f` (X before the others when both occur), as the parser spells it. */
function firstTemporal(f: Formula): string | undefined {
  const found: string[] = []
  const visit = (g: Formula): void => {
    const op = OPERATOR[g.kind]
    if (op) found.push(op)
    if ('arg' in g) visit(g.arg)
    if ('left' in g) {
      visit(g.left)
      visit(g.right)
    }
  }
  visit(f)
  return found.includes('X') ? 'X' : found[0]
}
