// One `!do` from chat, run to its last line, with the logged trajectory: what the chat-driven tech-tree tests
// assert on, and the transcript a failing assertion should show (chat reports only every tenth step).
import path from 'node:path'
import { TrajectoryLog } from '../../plugin/agent/critic/trajectory-log.js'
import type { Trajectory } from '../../plugin/agent/critic/types.js'
import type { CedarSession } from './cedar.js'

export interface DoRun {
  /** cedar's chat lines, the last one the outcome. */
  readonly lines: readonly string[]
  /** The run's trajectory from this world's log in the skill store, if one was logged. */
  readonly run: Trajectory | undefined
  /** The chat lines and then every step of the run, numbered, for an assertion's message. */
  readonly transcript: string
}

export async function runDo(cedar: CedarSession, line: string, timeoutMs: number): Promise<DoRun> {
  const lines = await cedar.converse(line, /^(done|not done|refused|!do failed)/, timeoutMs)
  const [run] = await new TrajectoryLog(path.join(cedar.worldDir(), 'trajectories')).list()
  const steps = (run?.steps ?? []).map((s, i) => `${i + 1} ${s.action} ${s.ok ? 'ok' : `failed: ${s.error ?? ''}`}`)
  return { lines, run, transcript: [...lines, ...steps].join('\n') }
}
