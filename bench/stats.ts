// Small statistics for the benches: exact binomial intervals for k successes in n trials, mean and sample standard
// deviation, and the cell formats the tables share. The CEDAR paper reports its five-trial outcomes with exact
// two-sided 95% Clopper–Pearson intervals (Appendix H, Table 11), so ours are the same kind and comparable.

/** ln(i!) for i = 0..n, built once per call (n is a trial count: small). */
function logFactorials(n: number): number[] {
  const table = [0]
  for (let i = 1; i <= n; i++) table.push(table[i - 1]! + Math.log(i))
  return table
}

/** P(X ≤ k) for X ~ Binomial(n, p), summed in log space so large n does not underflow term by term. */
export function binomialCdf(k: number, n: number, p: number): number {
  if (k < 0) return 0
  if (k >= n) return 1
  if (p <= 0) return 1
  if (p >= 1) return 0
  const lf = logFactorials(n)
  const lp = Math.log(p)
  const lq = Math.log1p(-p)
  let sum = 0
  for (let i = 0; i <= k; i++) sum += Math.exp(lf[n]! - lf[i]! - lf[n - i]! + i * lp + (n - i) * lq)
  return Math.min(1, sum)
}

/**
 * The p in [0, 1] where the decreasing function `f` crosses `target`, by bisection. 60 halvings leave an error far
 * below the three decimals printed.
 */
function bisectDecreasing(f: (p: number) => number, target: number): number {
  let low = 0
  let high = 1
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2
    if (f(mid) > target) low = mid
    else high = mid
  }
  return (low + high) / 2
}

/**
 * The exact (Clopper–Pearson) two-sided interval for a binomial proportion k/n at `confidence` (default 95%):
 * the lower end is the p where P(X ≥ k) = α/2, the upper end the p where P(X ≤ k) = α/2 — the beta quantiles
 * B(α/2; k, n−k+1) and B(1−α/2; k+1, n−k), found by bisection on the binomial CDF (both sides are monotone in p).
 * Known values: 5/5 → [0.478, 1], 0/5 → [0, 0.522], 4/5 → [0.284, 0.995] (the paper's Table 11).
 */
export function clopperPearson(k: number, n: number, confidence = 0.95): [number, number] {
  if (!(Number.isInteger(k) && Number.isInteger(n) && n > 0 && k >= 0 && k <= n)) {
    throw new RangeError(`clopperPearson needs whole numbers 0 ≤ k ≤ n, n > 0; got ${k}/${n}`)
  }
  const tail = (1 - confidence) / 2
  // P(X ≥ k) = 1 − P(X ≤ k−1) grows with p; its complement P(X ≤ k−1) falls, crossing 1 − tail at the lower end.
  const lower = k === 0 ? 0 : bisectDecreasing((p) => binomialCdf(k - 1, n, p), 1 - tail)
  const upper = k === n ? 1 : bisectDecreasing((p) => binomialCdf(k, n, p), tail)
  return [lower, upper]
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  return values.reduce((a, b) => a + b, 0) / values.length
}

/** Sample standard deviation (n − 1 in the denominator, as the paper's ± columns); 0 for a single value. */
export function sampleSd(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  if (values.length === 1) return 0
  const m = mean(values)
  return Math.sqrt(values.reduce((a, v) => a + (v - m) ** 2, 0) / (values.length - 1))
}

/** `4/5 [0.284, 0.995]`: a count with its exact 95% interval, as the paper's Table 11 prints it. */
export function formatProportion(k: number, n: number): string {
  if (n === 0) return 'N/A (n=0)'
  const [low, high] = clopperPearson(k, n)
  return `${k}/${n} [${low.toFixed(3)}, ${high.toFixed(3)}]`
}

/** `18.4 ± 2.6`: mean ± sample sd; `digits` decimals for both. */
export function formatMeanSd(values: readonly number[], digits = 1): string {
  if (values.length === 0) return 'N/A'
  return `${mean(values).toFixed(digits)} ± ${sampleSd(values).toFixed(digits)}`
}

/** A share as a percentage with one decimal; `N/A` when there is nothing to share. */
export function formatShare(part: number, whole: number): string {
  return whole === 0 ? 'N/A' : `${((100 * part) / whole).toFixed(1)}%`
}
