/** LTLf formulas. `next` is strong (false at the last step), `weakNext` is weak (true there). */
export type Formula =
  | { readonly kind: 'true' }
  | { readonly kind: 'false' }
  | { readonly kind: 'prop'; readonly name: string }
  | { readonly kind: UnaryKind; readonly arg: Formula }
  | { readonly kind: BinaryKind; readonly left: Formula; readonly right: Formula }

export type UnaryKind = 'not' | 'next' | 'weakNext' | 'eventually' | 'always'
export type BinaryKind = 'and' | 'or' | 'implies' | 'iff' | 'until' | 'release' | 'weakUntil'

export const TRUE: Formula = { kind: 'true' }
export const FALSE: Formula = { kind: 'false' }
export const prop = (name: string): Formula => ({ kind: 'prop', name })
export const not = (arg: Formula): Formula => ({ kind: 'not', arg })
export const unary = (kind: UnaryKind, arg: Formula): Formula => ({ kind, arg })
export const binary = (kind: BinaryKind, left: Formula, right: Formula): Formula => ({ kind, left, right })

export function isUnary(f: Formula): f is { readonly kind: UnaryKind; readonly arg: Formula } {
  return 'arg' in f
}

export function isBinary(
  f: Formula,
): f is { readonly kind: BinaryKind; readonly left: Formula; readonly right: Formula } {
  return 'left' in f
}

/** The propositions a formula mentions, sorted. */
export function propositions(formula: Formula): string[] {
  const names = new Set<string>()
  const visit = (f: Formula): void => {
    if (f.kind === 'prop') names.add(f.name)
    else if (isUnary(f)) visit(f.arg)
    else if (isBinary(f)) {
      visit(f.left)
      visit(f.right)
    }
  }
  visit(formula)
  return [...names].sort()
}

/** Replaces propositions by name (used to map the papers' names onto ours). */
export function renamePropositions(formula: Formula, rename: (name: string) => string): Formula {
  if (formula.kind === 'prop') return prop(rename(formula.name))
  if (isUnary(formula)) return unary(formula.kind, renamePropositions(formula.arg, rename))
  if (isBinary(formula)) {
    return binary(formula.kind, renamePropositions(formula.left, rename), renamePropositions(formula.right, rename))
  }
  return formula
}
