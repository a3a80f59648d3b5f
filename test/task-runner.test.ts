import assert from 'node:assert/strict'
import { test } from 'node:test'
import { TaskBusyError, TaskCancelledError, type TaskEnd, TaskRunner } from '../plugin/agent/task-runner.js'

function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))
}

test('one task at a time; stop cancels it and frees the bot', async () => {
  const ends: [string, TaskEnd['status']][] = []
  const runner = new TaskRunner({ onEnd: (task, end) => ends.push([task.name, end.status]) })
  const follow = runner.run('follow', 'Alex', untilAborted)
  assert.equal(runner.current?.name, 'follow')
  await assert.rejects(
    runner.run('come', 'Alex', async () => {}),
    (error: unknown) => {
      assert.ok(error instanceof TaskBusyError)
      assert.equal(error.message, 'busy with follow; stop it first')
      return true
    },
  )
  assert.equal(runner.stop('stopped by Alex')?.name, 'follow')
  await assert.rejects(
    follow,
    (error: unknown) => error instanceof TaskCancelledError && error.message === 'stopped by Alex',
  )
  assert.equal(runner.current, undefined)
  assert.equal(runner.stop(), undefined, 'nothing left to stop')
  assert.equal(await runner.run('count', 'api', async () => 7), 7)
  assert.deepEqual(ends, [
    ['follow', 'cancelled'],
    ['count', 'done'],
  ])
})

test('a failing task reports failed, not cancelled', async () => {
  const ends: TaskEnd[] = []
  const runner = new TaskRunner({ onEnd: (_task, end) => ends.push(end) })
  await assert.rejects(
    runner.run('dig', 'Alex', async () => {
      throw new Error('no pickaxe')
    }),
    /no pickaxe/,
  )
  assert.equal(ends[0]?.status, 'failed')
})

test('work that ignores the signal still ends as cancelled once stopped', async () => {
  const runner = new TaskRunner()
  let finish: () => void = () => {}
  const task = runner.run('slow', 'Alex', () => new Promise<void>((resolve) => (finish = resolve)))
  runner.stop('enough')
  finish()
  await assert.rejects(task, TaskCancelledError)
})
