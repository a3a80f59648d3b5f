// The learning suite: L*, KV and CAPAL on random minimal DFAs (drawn as AALpy draws them), with a simulated
// teacher that is persistently wrong on a share p of the distinct words, and an exact shortest-counterexample
// equivalence oracle — beside AALpy's KV and L# on the same targets when AALpy can be run (CEDAR_AALPY_SRC,
// aalpy-peer.ts), and beside its published figures, labelled so, when it cannot.

import { equivalent, randomMinimalDfa, seededRandom } from '../plugin/automata/index.js'
import { type Algorithm, ExactOracle, learn, SimulatedTeacher } from '../plugin/learning/index.js'
import { type AalpyRun, aalpyPeer } from './aalpy-peer.js'
import { goal } from './goals.js'
import { markdownTable } from './markdown-table.js'
import type { Suite, SuiteOptions, SuiteReport } from './suite.js'

const ALGORITHMS: readonly Algorithm[] = ['lstar', 'kv', 'capal']
const NOISE = [0, 0.01, 0.05, 0.1] as const
/** AALpy's distinct-word MQ counts (exact shortest counterexamples), published figures quoted in the issue: KV, L#. */
const PEER_KV: Readonly<Record<string, number>> = {
  '10,5': 152,
  '20,5': 387,
  '50,5': 1232,
  '10,10': 323,
  '20,10': 840,
  '50,10': 2695,
}
const PEER_LSHARP: Readonly<Record<string, number>> = { '10,5': 141, '20,5': 365, '50,5': 1193 }

const meanOf = (runs: readonly AalpyRun[]) => runs.reduce((a, r) => a + r.distinctWords, 0) / Math.max(1, runs.length)

interface Cell {
  algorithm: Algorithm
  states: number
  symbols: number
  noise: number
  targets: number
  meanDistinctMq: number
  meanTeacherCalls: number
  meanEq: number
  exact: number
  meanMs: number
  /** Each target's run (target i is seeded 1000·n + 10·k + i): distinct MQs, EQs, and whether it came out exact. */
  perTarget: { distinctMq: number; equivalenceQueries: number; exact: boolean }[]
}

export const learningSuite: Suite = {
  name: 'learning',
  description: 'L*, KV and CAPAL on random minimal DFAs with a persistently noisy teacher',
  sources: ['bench/learning.ts', 'bench/aalpy/run_aalpy.py'],
  async run({ quick, log }: SuiteOptions): Promise<SuiteReport> {
    const sizes: [number, number][] = quick
      ? [
          [10, 5],
          [20, 5],
        ]
      : [
          [10, 5],
          [20, 5],
          [50, 5],
          [10, 10],
          [20, 10],
          [50, 10],
        ]
    const targets = quick ? 3 : 10
    const cells: Cell[] = []
    /** The targets of a size: the same for every algorithm and for AALpy. */
    const targetsOf = (states: number, symbols: number) =>
      Array.from({ length: targets }, (_, i) =>
        randomMinimalDfa(states, symbols, seededRandom(1000 * states + 10 * symbols + i)),
      )
    const peer = aalpyPeer()
    const measured: Record<string, { kv: AalpyRun[]; lsharp: AalpyRun[] }> = {}
    if (typeof peer === 'string') log(`AALpy not measured: ${peer}; its published figures are shown`)
    else {
      for (const [states, symbols] of sizes) {
        const runs = peer.learn(targetsOf(states, symbols))
        measured[`${states},${symbols}`] = {
          kv: runs.filter((r) => r.algorithm === 'kv'),
          lsharp: runs.filter((r) => r.algorithm === 'lsharp'),
        }
        log(
          `n=${states} k=${symbols} AALpy: KV ${Math.round(meanOf(runs.filter((r) => r.algorithm === 'kv')))} distinct words`,
        )
      }
    }
    /** AALpy KV's distinct words for a size: measured here, else published (undefined: neither). */
    const peerKv = (states: number, symbols: number): number | undefined => {
      const runs = measured[`${states},${symbols}`]?.kv
      return runs ? meanOf(runs) : PEER_KV[`${states},${symbols}`]
    }
    const peerLabel = typeof peer === 'string' ? 'published' : 'measured here'
    for (const [states, symbols] of sizes) {
      for (const noise of NOISE) {
        for (const algorithm of ALGORITHMS) {
          const cell: Cell = {
            algorithm,
            states,
            symbols,
            noise,
            targets,
            meanDistinctMq: 0,
            meanTeacherCalls: 0,
            meanEq: 0,
            exact: 0,
            meanMs: 0,
            perTarget: [],
          }
          for (let i = 0; i < targets; i++) {
            // The same targets and the same lies for every algorithm.
            const target = randomMinimalDfa(states, symbols, seededRandom(1000 * states + 10 * symbols + i))
            const started = performance.now()
            const report = await learn({
              alphabet: target.alphabet,
              teacher: new SimulatedTeacher(target, noise, 7 + i),
              oracle: new ExactOracle(target),
              algorithm,
              maxEquivalenceQueries: 10 * states,
              capal: { noiseBound: noise, seed: i },
            })
            cell.meanMs += (performance.now() - started) / targets
            cell.meanDistinctMq += report.queries.distinctWords / targets
            cell.meanTeacherCalls += report.queries.teacherCalls / targets
            cell.meanEq += report.equivalenceQueries / targets
            const exact =
              report.outcome === 'equivalent' && report.dfa !== undefined && equivalent(report.dfa, target).equivalent
            if (exact) cell.exact++
            cell.perTarget.push({
              distinctMq: report.queries.distinctWords,
              equivalenceQueries: report.equivalenceQueries,
              exact,
            })
          }
          log(
            `n=${states} k=${symbols} p=${noise} ${algorithm}: ${cell.exact}/${targets} exact, ${Math.round(cell.meanDistinctMq)} MQs`,
          )
          cells.push(cell)
        }
      }
    }
    const rows = cells.map((c) => {
      const peer = c.noise === 0 ? peerKv(c.states, c.symbols) : undefined
      return [
        String(c.states),
        String(c.symbols),
        String(c.noise),
        c.algorithm,
        Math.round(c.meanDistinctMq).toLocaleString('en-US'),
        peer ? (c.meanDistinctMq / peer).toFixed(2) : '',
        c.meanTeacherCalls.toFixed(1),
        c.meanEq.toFixed(1),
        `${c.exact}/${c.targets}`,
        c.meanMs.toFixed(0),
      ]
    })
    const markdown = [
      markdownTable(
        [
          'n',
          'k',
          'p',
          'algorithm',
          'distinct MQs',
          `vs AALpy KV (${peerLabel})`,
          'teacher calls',
          'EQs',
          'exact',
          'ms',
        ],
        [
          ...rows,
          ...Object.entries(measured).flatMap(([key, runs]) =>
            (['kv', 'lsharp'] as const).map((algorithm) => {
              const [n, k] = key.split(',')
              const of = runs[algorithm]
              return [
                n as string,
                k as string,
                '0',
                `AALpy ${algorithm === 'kv' ? 'KV' : 'L#'} (measured)`,
                Math.round(meanOf(of)).toLocaleString('en-US'),
                '',
                '–',
                (of.reduce((a, r) => a + r.equivalenceQueries, 0) / Math.max(1, of.length)).toFixed(1),
                `${of.filter((r) => r.exact).length}/${of.length}`,
                (of.reduce((a, r) => a + r.ms, 0) / Math.max(1, of.length)).toFixed(0),
              ]
            }),
          ),
        ],
      ),
      '',
      `- Targets: ${targets} random minimal DFAs per size, drawn like AALpy's \`generate_random_deterministic_automata\``,
      '  (⌊n/2⌋ accepting states, every state a transition target at least once, all reachable, minimal).',
      '- Teacher: each distinct word’s label flipped once with probability p, decided by a seeded hash (persistent).',
      '  Oracle: exact, a shortest counterexample with its true label, stored as gold. EQ budget 10·n.',
      '- distinct MQs: words the teacher answered (cache hits and gold labels are free); teacher calls: batches.',
      typeof peer === 'string'
        ? `- AALpy not run here (${peer}; \`CEDAR_AALPY_SRC=<dir holding AALpy's aalpy package>\` runs it).`
        : `- AALpy measured here on the same targets: ${peer.source}; KV (rs counterexample processing) and L#, a shortest counterexample from the target (PerfectKnowledgeEqOracle); its distinct words include the counterexamples it asks again, which ours take as gold.`,
      `- AALpy's published figures (quoted from issue 11; distinct words, exact shortest counterexamples, noiseless): KV ${Object.entries(
        PEER_KV,
      )
        .map(([k, v]) => `${k.replace(',', '/')}: ${v}`)
        .join(', ')}; L# ${Object.entries(PEER_LSHARP)
        .map(([k, v]) => `${k.replace(',', '/')}: ${v}`)
        .join(', ')} (n/k). AALpy's KV, L* and L# learn 0–2 of 10 at p = 0.01.`,
      '- CAPAL runs with η̄ = p (η̄ = 0: exact comparisons, no suffix pool), α = 0.05, τ_max = 0.15, 24 pool suffixes.',
      '- Goals: noiseless MQs ≤ 0.9× AALpy KV; exact ≥ 9/10 at p = 0.05 and ≥ 7/10 at p = 0.1 for n = 10, 20, k = 5.',
    ].join('\n')
    const capal = (states: number, symbols: number, noise: number) =>
      cells.find((c) => c.algorithm === 'capal' && c.states === states && c.symbols === symbols && c.noise === noise)
    const goals = [
      // Noiseless, the best of ours against AALpy's KV; under noise, CAPAL (the learner the plugin uses).
      ...sizes.flatMap(([states, symbols]) => {
        const peer = peerKv(states, symbols)
        const ours = cells.filter((c) => c.noise === 0 && c.states === states && c.symbols === symbols)
        const best = ours.reduce<Cell | undefined>(
          (a, c) => (a && a.meanDistinctMq <= c.meanDistinctMq ? a : c),
          undefined,
        )
        if (peer === undefined || !best) return []
        return [
          goal(
            `n = ${states}, k = ${symbols}, noiseless: our fewest distinct MQs ≤ 0.9× AALpy KV's (${peerLabel}) ${Math.round(peer)}`,
            `${best.algorithm} ${Math.round(best.meanDistinctMq)} (${(best.meanDistinctMq / peer).toFixed(2)}×)`,
            best.meanDistinctMq <= 0.9 * peer,
          ),
        ]
      }),
      ...[10, 20].flatMap((states) =>
        (
          [
            [0.05, 0.9],
            [0.1, 0.7],
          ] as const
        ).flatMap(([noise, share]) => {
          const c = capal(states, 5, noise)
          if (!c) return []
          return [
            goal(
              `CAPAL, n = ${states}, k = 5, p = ${noise}: exact in ≥ ${share * 10}/10 targets`,
              `${c.exact}/${c.targets}`,
              c.exact >= share * c.targets,
            ),
          ]
        }),
      ),
    ]
    return {
      markdown,
      raw: {
        cells,
        aalpy:
          typeof peer === 'string'
            ? { measured: false, why: peer }
            : { measured: true, source: peer.source, runs: measured },
      },
      goals,
    }
  },
}
