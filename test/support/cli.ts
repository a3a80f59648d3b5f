// Running the `cedar` command: in this process through runCedar (fast: most CLI tests), or as a separate process
// the way a user's shell does (`cedarProcess`: for what only a process has, the bin entry, signals, a closed pipe).
import { execFile } from 'node:child_process'
import path from 'node:path'
import { Readable } from 'node:stream'
import { promisify } from 'node:util'
import type { CliIo } from '../../plugin/cli/io.js'
import { runCedar } from '../../plugin/cli/program.js'
import { refuseInUnitRun } from '../runner/unit-run.js'

export const root = path.resolve(import.meta.dirname, '../..')
const run = promisify(execFile)

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** The test's environment with `env` added; the LLM variables are cleared unless a test sets them (a developer's
 * own key must not reach a test). */
function testEnv(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return { ...process.env, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', CEDAR_EMBED_MODEL: '', ...env }
}

/** Runs `cedar <args>` in this process, `input` on its standard input, with `env` added; what it wrote and its status. */
export async function cedar(
  args: string[],
  input?: string,
  env: Record<string, string | undefined> = {},
): Promise<CliResult> {
  const result: CliResult = { code: 0, stdout: '', stderr: '' }
  const io: CliIo = {
    stdout: { write: (text: string) => (result.stdout += text) },
    stderr: { write: (text: string) => (result.stderr += text) },
    stdin: Readable.from([Buffer.from(input ?? '')]),
    env: testEnv(env),
    setExitCode: (code) => {
      result.code = code
    },
    exit: (code) => {
      throw new Error(`cedar ${args.join(' ')} tried to end the test process (exit ${code ?? 0}); use cedarProcess`)
    },
  }
  await runCedar(args, io)
  return result
}

/** Runs `cedar <args>` from the checkout's sources as a child process, the way a user's shell does. */
export async function cedarProcess(
  args: string[],
  input?: string,
  env: Record<string, string | undefined> = {},
): Promise<CliResult> {
  refuseInUnitRun('spawns the cedar command')
  const child = run(process.execPath, ['--import', 'tsx', path.join(root, 'plugin/cli/main.ts'), ...args], {
    cwd: root,
    timeout: 60_000,
    env: testEnv(env),
  })
  child.child.stdin?.end(input ?? '')
  try {
    const { stdout, stderr } = await child
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}
