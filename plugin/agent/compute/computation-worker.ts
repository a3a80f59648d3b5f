/**
 * The learning worker's entry point (a `node:worker_threads` Worker started by `WorkerComputation`): it runs each
 * job it is sent and posts back progress, questions for a remote teacher, and the result. Jobs may overlap; each
 * message carries its job's id.
 */
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import type { MembershipTeacher, SymbolWord } from '../../learning/index.js'
import { errorData, errorFrom, type FromWorker, runJob, type ToWorker } from './computation-jobs.js'

const port = parentPort
if (!port) throw new Error('computation-worker runs as a worker thread (see WorkerComputation)')
const post = (message: FromWorker) => port.postMessage(message)

// Learning is background work: on a busy machine the bot's own thread (keep-alives, physics, chat) goes first. On
// Linux a thread's nice value is its own, so this lowers only this thread (elsewhere it would lower the whole
// process, so it is left alone).
if (process.platform === 'linux') {
  try {
    setPriority(10)
  } catch {
    // Not allowed here (a sandbox): learning runs at the bot's priority.
  }
}

const questions = new Map<number, { resolve(labels: boolean[]): void; reject(error: Error): void }>()
let nextQuestion = 1

/** The caller's teacher (an LLM, a player), asked by message; its answers or its error come back the same way. */
class RemoteTeacher implements MembershipTeacher {
  constructor(private readonly job: number) {}

  answer(words: readonly SymbolWord[]): Promise<boolean[]> {
    const ask = nextQuestion++
    return new Promise((resolve, reject) => {
      questions.set(ask, { resolve, reject })
      post({ type: 'ask', id: this.job, ask, words })
    })
  }
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'answer') {
    const question = questions.get(message.ask)
    questions.delete(message.ask)
    if (message.error) question?.reject(errorFrom(message.error))
    else question?.resolve(message.labels ?? [])
    return
  }
  const { id, job } = message
  runJob(job, {
    teacher: 'remoteTeacher' in job && job.remoteTeacher ? new RemoteTeacher(id) : undefined,
    onEvent: (event) => post({ type: 'event', id, event }),
  }).then(
    (result) => post({ type: 'done', id, result }),
    (error: unknown) => post({ type: 'failed', id, error: errorData(error) }),
  )
})
