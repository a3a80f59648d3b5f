/**
 * What a player hears while `!do` runs, in their words: what was understood (said only once the plan is made, so
 * a request it cannot do is refused before any "understood"), what it learned, what went wrong and that it tries
 * again. The bot's own terms — symbols, automaton sizes, teacher statistics — go to the log always, and to chat
 * with `--verbose` (or the `verbose` option).
 */
import { costsText, needText } from '../agent/index.js'
import type { ConstraintSummary, DoProgress } from '../cedar-reports.js'
import { lawWords } from '../vocabulary/law-words.js'
import {
  actCommand,
  actWords,
  counted,
  inPlayerWords,
  listWords,
  singularWords,
  stateWords,
} from '../vocabulary/player-words.js'
import { teacherWords } from './skill-names.js'

/** While a run goes on, at most one progress line per this many actions (failures and blocks always). */
const STEP_REPORT_EVERY = 10

/** While a skill is learned, at most one line per this many milliseconds. */
const LEARNING_REPORT_MS = 10_000

/** Where a run's lines go: `say` to the player; `note` in the bot's own terms (the log, and chat when verbose). */
export interface RunVoice {
  readonly verbose: boolean
  say(text: string): void
  log(text: string): void
}

/**
 * What refused an act, as a player reads it: a law by its id and its sentence (`L1 (hard) G !craft.stick` → the law
 * L1, "never craft a stick"), a constraint as the player's rule; several joined with "and".
 */
export function blockedByWords(blockedBy: string): string {
  const each = blockedBy.split('; ').map((part) => {
    const law = /^(\S+) \((?:hard|soft)\) (.+)$/.exec(part)
    if (law?.[1] && law[2]) return `the law ${law[1]} ("${lawWords(law[2])}")`
    const rule = /^constraint (".*")$/.exec(part)
    return rule?.[1] ? `your rule ${rule[1]}` : inPlayerWords(part)
  })
  return listWords(each)
}

/**
 * What a player can do about a run the laws or their rules stopped, from the steps' `blockedBy`: the command that
 * drops each law ("if L1 should not hold, say !ltl rm L1") or rule; undefined when nothing was refused. A plan that
 * kept its laws was not wrong, so this stands in for the hint to say `!wrong`.
 */
export function blockedHint(steps: readonly { readonly blockedBy?: string }[], prefix: string): string | undefined {
  const parts = steps.flatMap((s) => s.blockedBy?.split('; ') ?? [])
  if (parts.length === 0) return undefined
  const laws = [...new Set(parts.flatMap((part) => /^(\S+) \((?:hard|soft)\) /.exec(part)?.[1] ?? []))]
  const rules = parts.some((part) => part.startsWith('constraint '))
  const hints = [
    ...(laws.length === 0
      ? []
      : [
          `if ${listWords(laws)} should not hold, say ${laws.map((id) => `${prefix}ltl rm ${id}`).join(' and ')} (${prefix}laws lists the laws)`,
        ]),
    ...(rules ? [`${prefix}constraints lists your rules and ${prefix}unconstrain <id> drops one`] : []),
  ]
  return hints.length === 0 ? undefined : hints.join('; ')
}

/** What a failed act's message says killed the bot ('' when it names no cause); undefined when it did not die. */
export function deathCause(message: string | undefined): string | undefined {
  return /^(.*?)[:;,]?\s*the bot died\b/.exec(message ?? '')?.[1]
}

/**
 * A failed step in a player's words: a path not found is a block given up on, a death ends the run, the rest is an
 * act that did not work and is tried again.
 */
export function failedStepWords(action: string, message: string | undefined, blockedBy?: string): string {
  // The bot's own guard (world/mineflayer/limits.ts) says its refusal in the message: "place.furnace blocked by …".
  const refused = blockedBy ?? /^\S+ blocked by (.+)$/.exec(message ?? '')?.[1]
  if (refused !== undefined)
    return `I may not ${actCommand(action)}: ${blockedByWords(refused)} forbids it; trying another way`
  const path = /found no way to the ([a-z0-9_]+) at [^:]*: (.*)$/.exec(message ?? '')
  if (path?.[1]) {
    const slow = /took to? long|too long/i.test(path[2] ?? '')
    return `I could not find a path to the ${singularWords(path[1])}${slow ? ' in time' : ''}; trying another`
  }
  // Nothing is tried again after a death: the run is over, and the line must not promise otherwise.
  const cause = deathCause(message)
  if (cause !== undefined) return `I died while ${actWords(action)}${cause ? ` (${inPlayerWords(cause)})` : ''}`
  const why = message ? ` (${inPlayerWords(message)})` : ''
  return `${actWords(action)} did not work${why}; trying again`
}

/**
 * A survival act done because a constraint could not be kept (ControllerStep.setAside), in a player's words: which
 * constraint, what did not work, and what the bot did instead; a shelter is said to be no sleep.
 */
export function setAsideWords(action: string, ok: boolean, setAside: string): string {
  const phrases = [...setAside.matchAll(/constraint "([^"]+)" cannot be kept now \(([^)]*) failed\)/g)]
  const kept = phrases.map((m) => `"${m[1]}"`).join(' and ') || 'a constraint'
  const failed = phrases.flatMap((m) => (m[2] ?? '').split(', ').map(actWords)).join(' or ')
  const deed =
    action === 'place.shelter'
      ? ok
        ? 'I dug in for the night instead, without sleeping'
        : 'I tried to dig in for the night, and could not'
      : `${actWords(action)} instead${ok ? '' : ', without success'}`
  return `I could not keep to ${kept} (${failed || 'what it asks'} did not work): ${deed}`
}

/**
 * A constraint an event released unkept (UnkeptRelease's note), in a player's words: a night not slept is said to be
 * one, and that the work goes on; never that the bot slept.
 */
export function unkeptWords(note: string): string {
  const m = /^constraint "([^"]+)" was not kept: (.*) failed before (.*)$/.exec(note)
  if (!m) return inPlayerWords(note)
  const acts = (m[2] ?? '').split(', ')
  const failed = acts.map(actWords).join(' or ')
  const events = (m[3] ?? '').split(', ')
  if (acts.includes('sleep.bed') && events.includes('time.day')) {
    return `I could not sleep last night (${failed} did not work); it is day now, so I go on`
  }
  return `I could not keep to "${m[1]}" (${failed} did not work) before ${events.map(stateWords).join(' and ')}; going on`
}

/**
 * Progress in chat without flooding. The "understood" line waits until the plan is made (or another line must be
 * said first): a request the plan cannot serve is refused, never "understood" and then refused.
 */
export function progressReporter(voice: RunVoice, now = Date.now): (p: DoProgress) => void {
  let steps = 0
  let asked = 0
  let actorProblems = 0
  let lastLearningReport = now()
  /** When the skill now being learned began: a player hears how long it has taken, not how many questions. */
  const learningSince = new Map<string, number>()
  let understood: string | undefined
  /** Acts a law or rule refused, said once each: the planner may meet the same refusal from several states. */
  const refusalsSaid = new Set<string>()
  /** A line in the bot's own terms, and (unless verbose) the player's words for it: undefined says nothing. */
  const speak = (own: string, words: string | undefined) => {
    voice.log(own)
    const line = voice.verbose ? own : words
    if (line === undefined) return
    if (understood !== undefined) {
      const first = understood
      understood = undefined
      voice.say(first)
    }
    voice.say(line)
  }
  return (p) => {
    switch (p.type) {
      case 'grounded': {
        // Nothing placed is not "understood": the run's end says what could not be read, with an example.
        if (p.grounded.goals.every((g) => g.alphabet.length === 0)) return
        const own = `understood: ${[
          ...p.grounded.goals.map((g) => `goal "${g.text}" (${g.alphabet.length} symbols)`),
          ...p.grounded.constraints.map((c) => `constraint "${c.text}" (${c.alphabet.length} symbols)`),
        ].join('; ')}`
        const goals = p.grounded.goals.map((g) => `"${g.text}"`).join(' and ')
        const keeping = p.grounded.constraints.map((c) => `"${c.text}"`).join(' and ')
        voice.log(own)
        understood = voice.verbose ? own : `understood: ${goals}${keeping ? `, keeping ${keeping}` : ''}`
        return
      }
      case 'skill': {
        const s = p.skill
        const how =
          s.path === 'reused'
            ? 'reused from the store'
            : `${s.path}${s.from ? ` from ${s.from}` : ''} with ${s.membershipQueries} questions`
        // Who taught it is the player's business; how many questions it took is the log's (and --verbose's).
        const words =
          s.path === 'learned'
            ? `learned ${actWords(s.name)} from ${teacherWords(s.teacher)}`
            : s.path === 'adapted' && s.from
              ? `worked out ${actWords(s.name)} from ${actWords(s.from)}`
              : undefined
        speak(`skill ${s.name}: ${how} (${s.states} states)`, words)
        return
      }
      case 'constraint': {
        const c = p.constraint
        const how = p.reused
          ? 'learned earlier in this session, no questions'
          : `${c.teacher}${c.costs ? `; ${costsText(c.costs)}` : ''}`
        speak(
          `constraint "${c.phrase}": ${c.states} states (${how})${vettingText(c.vetting)}`,
          p.reused ? undefined : `I will keep "${c.phrase}"${vettingText(c.vetting)}`,
        )
        return
      }
      case 'composed': {
        const plan = p.plan
        speak(
          `plan: ${plan.productStates} states (skill ${plan.skillStates}${plan.constraintStates.map((c) => `, ${c.id} ${c.states}`).join('')})`,
          undefined,
        )
        if (understood !== undefined) {
          voice.say(understood)
          understood = undefined
        }
        return
      }
      case 'step': {
        steps++
        const { step } = p
        if (step.setAside !== undefined) {
          const own = `step ${steps}: ${step.action} ${step.ok ? 'ok' : 'failed'}: ${step.message ?? ''}`
          speak(own, setAsideWords(step.action, step.ok, step.setAside))
          return
        }
        if (!step.ok || steps % STEP_REPORT_EVERY === 0) {
          const refusal = step.blockedBy === undefined ? undefined : `${step.action} ${step.blockedBy}`
          const saidBefore = refusal !== undefined && refusalsSaid.has(refusal)
          if (refusal !== undefined) refusalsSaid.add(refusal)
          const own = `step ${steps}: ${step.action} ${step.ok ? 'ok' : `failed: ${step.message ?? ''}`}`
          if (step.ok) speak(own, `${counted(steps, 'action')} so far`)
          else speak(own, saidBefore ? undefined : failedStepWords(step.action, step.message, step.blockedBy))
        }
        return
      }
      case 'unkept':
        speak(p.note, unkeptWords(p.note))
        return
      case 'need': {
        const line = needText(p.need, p.outcome)
        speak(line, inPlayerWords(line))
        return
      }
      case 'actor':
        // The first unusable reply in full, then a count every tenth: a model that keeps failing does not flood.
        actorProblems++
        if (actorProblems === 1) speak(p.problem, inPlayerWords(p.problem))
        else if (actorProblems % STEP_REPORT_EVERY === 0) {
          const line = `the LLM actor's replies could not be used ${actorProblems} times so far; the planner's steps taken`
          speak(line, line)
        }
        return
      case 'learning':
        if (p.event.type === 'queries') asked += p.event.newWords
        if (!learningSince.has(p.skill)) learningSince.set(p.skill, now())
        if (p.event.type === 'hypothesis' && now() - lastLearningReport >= LEARNING_REPORT_MS) {
          lastLearningReport = now()
          const seconds = Math.round((now() - (learningSince.get(p.skill) ?? now())) / 1000)
          speak(
            `learning ${p.skill}: ${asked} questions so far, hypothesis of ${p.event.states} states`,
            `still learning ${actWords(p.skill)} (${seconds} s so far)`,
          )
        }
        return
    }
  }
}

/** What checking the LLM's reading of a constraint did, for the player ('' when there was nothing to say). */
export function vettingText(vetting: ConstraintSummary['vetting']): string {
  if (!vetting) return ''
  const answers = `${vetting.questions} answer${vetting.questions === 1 ? '' : 's'}`
  if (vetting.outcome === 'confirmed') return `; you confirmed it (${answers})`
  if (vetting.outcome === 'corrected') return `; corrected by your ${answers}`
  if (vetting.outcome === 'kept' && vetting.reasons.length > 0) return `; not checked: ${vetting.reasons.join('; ')}`
  return ''
}
