// AALpy (Python) as the learning bench's peer, measured on the same random DFAs: bench/aalpy/run_aalpy.py runs its
// KV and L# with a shortest-counterexample oracle and counts the distinct words each asked. AALpy is not a
// dependency: CEDAR_AALPY_SRC names a directory holding its `aalpy` package (its source from GitHub runs with a
// plain python3); without it, or when it cannot run, the bench shows AALpy's published figures, labelled so.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Dfa } from '../plugin/automata/index.js'

const RUNNER = join(dirname(fileURLToPath(import.meta.url)), 'aalpy', 'run_aalpy.py')

export interface AalpyRun {
  readonly algorithm: 'kv' | 'lsharp'
  readonly target: number
  readonly distinctWords: number
  readonly equivalenceQueries: number
  readonly exact: boolean
  readonly ms: number
}

export interface AalpyPeer {
  /** Where AALpy came from and its version, for the result file. */
  readonly source: string
  learn(targets: readonly Dfa[]): AalpyRun[]
}

/** AALpy when CEDAR_AALPY_SRC points at it and it runs; otherwise why not (the bench says so). */
export function aalpyPeer(src = process.env.CEDAR_AALPY_SRC): AalpyPeer | string {
  if (!src) return 'CEDAR_AALPY_SRC is not set'
  if (!existsSync(join(src, 'aalpy', '__init__.py'))) return `no aalpy package in ${src}`
  const pyproject = join(src, 'pyproject.toml')
  const version = existsSync(pyproject)
    ? (/^version\s*=\s*"([^"]+)"/m.exec(readFileSync(pyproject, 'utf8'))?.[1] ?? 'unknown')
    : 'unknown'
  const python = process.env.CEDAR_PYTHON || 'python3'
  const peer: AalpyPeer = {
    source: `AALpy ${version} from ${src}, run by ${python}`,
    learn(targets) {
      const input = JSON.stringify({
        targets: targets.map((t) => ({
          symbols: t.alphabet.symbols,
          initial: t.initial,
          accepting: t.acceptingStates(),
          rows: t.rows(),
        })),
      })
      const run = spawnSync(python, [RUNNER], {
        input,
        encoding: 'utf8',
        env: { ...process.env, AALPY_SRC: src },
        maxBuffer: 64 * 2 ** 20,
      })
      if (run.status !== 0)
        throw new Error(`AALpy failed (${run.error?.message ?? `exit ${run.status}`}): ${run.stderr}`)
      return run.stdout
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as AalpyRun)
    },
  }
  try {
    peer.learn([])
  } catch (error) {
    return (error as Error).message
  }
  return peer
}
