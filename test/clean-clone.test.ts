// Seeds stay seeds: a chat session of !do, !wrong, !ce and !learn with a bot on every default, run in a fresh
// clone of this repository, leaves `git status` of the clone clean — what was learned went to the user's store.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import { root } from './support/cli.js'

const run = promisify(execFile)

let work: string
before(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'cedar-clone-'))
})
after(() => rm(work, { recursive: true, force: true }))

/** A fresh clone of the tree as it is now (committed or not): its files, committed in a new repository. */
async function cloneOfWorkingTree(into: string): Promise<void> {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
  await mkdir(into, { recursive: true })
  for (const file of stdout.split('\0').filter(Boolean)) {
    await cp(path.join(root, file), path.join(into, file), { recursive: true, verbatimSymlinks: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error // deleted in the working tree, not yet in the index
      },
    )
  }
  const git = (...args: string[]) => run('git', args, { cwd: into })
  await git('init', '--quiet')
  await git('add', '-A')
  await git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '--quiet', '-m', 'clone')
  // The installed tree is the checkout's own (an install is ignored by .gitignore in a real clone).
  await symlink(path.join(root, 'node_modules'), path.join(into, 'node_modules'))
  await mkdir(path.join(into, '.git', 'info'), { recursive: true })
  await run('sh', ['-c', 'echo node_modules >> .git/info/exclude'], { cwd: into })
}

test('a session of !do, !wrong, !ce and !learn leaves a fresh clone clean; the learning is in the user store', async () => {
  const clone = path.join(work, 'clone')
  const home = path.join(work, 'home')
  await cloneOfWorkingTree(clone)
  assert.equal((await run('git', ['status', '--porcelain'], { cwd: clone })).stdout, '', 'the clone starts clean')
  const env: Record<string, string | undefined> = {
    ...process.env,
    HOME: home,
    OPENAI_API_KEY: '',
    OPENAI_BASE_URL: '',
  }
  for (const name of ['XDG_DATA_HOME', 'CEDAR_STORE', 'CEDAR_EMBED_MODEL']) delete env[name]
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'test/support/chat-session.ts'], {
    cwd: clone,
    env,
    timeout: 170_000,
  })
  const lines = stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { store?: string; line?: string; replies?: string[] })
  const store = lines[0]?.store
  assert.equal(store, path.join(home, '.local', 'share', 'mineflayer-cedar', 'store'))
  const said = new Map(lines.slice(1).map((l) => [l.line, (l.replies ?? []).join('\n')]))
  assert.match(said.get('!do collect wood --verbose') ?? '', /skill mine\.logs: reused from the store/)
  assert.match(said.get('!do collect wood --verbose') ?? '', /^done /m)
  // Corrections and lessons are answered in the player's words (no --verbose here).
  assert.match(said.get('!wrong') ?? '', /^noted: I learned mining logs again$/)
  // The act order (issue 34) already rejects a second mine.logs before its log: the player's word is kept as gold.
  assert.equal(
    said.get('!ce reject mine.logs mine.logs has.logs.1'),
    'I already knew that about mining logs: I keep your example, and the skill is unchanged',
  )
  assert.match(said.get('!learn craft stick') ?? '', /^I (learned|worked out) crafting a stick (from|with) /m)
  assert.match(said.get('!skill mine.logs --svg') ?? '', /picture/)

  assert.equal((await run('git', ['status', '--porcelain'], { cwd: clone })).stdout, '')
  // Not even an ignored file (the store's trajectories, backups, an LLM cache): only the linked install.
  const ignored = (await run('git', ['status', '--porcelain', '--ignored'], { cwd: clone })).stdout
  assert.deepEqual(ignored.trim().split('\n'), ['!! node_modules'])
  const learned = await readdir(path.join(store ?? '', 'skills'))
  assert.ok(learned.includes('mine.logs.json'), `the corrected seed is the user's copy: ${learned.join(', ')}`)
  assert.ok(learned.includes('craft.stick.json'), learned.join(', '))
})
