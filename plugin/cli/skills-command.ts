import path from 'node:path'
import { type Command, Option } from 'commander'
import { z } from 'zod'
import { parseDfaJson, renderSvg, toDot } from '../automata/index.js'
import { resolveStorePath } from '../config/data-dir.js'
import { openRecordStore } from '../store/open-store.js'
import { type RecordKind, SCHEMA_VERSION, type SkillRecord } from '../store/record.js'
import { pickByName, type RecordStore, type StoreLogger, type StoreProblem } from '../store/record-store.js'
import { SHIPPED_SEEDS } from '../store/shipped-seeds.js'
import { formatJson, writeDurably } from '../store/store-files.js'
import { closestName } from '../vocabulary/closest-name.js'
import { readInput } from './input.js'
import type { CliIo } from './io.js'
import { createOutput, guarded } from './output.js'

interface SkillsFlags {
  store?: string
  /** False with --no-seeds: the store alone, without the shipped seeds showing through. */
  seeds?: boolean
  json?: boolean
  kind?: RecordKind
  out?: string
}

const exportSchema = z.object({ schema: z.number().int().min(0), records: z.array(z.unknown()) })

/** `cedar skills ...`: read and manage the skill store (see `cedar skills --help`). */
export function addSkillsCommand(program: Command, io: CliIo): void {
  const stores = new StoreAccess(io)
  const skills = program
    .command('skills')
    .description('the skill store: the skills and constraints bots have learned, one JSON file each')
    .addHelpText(
      'after',
      '\nThe store is --store DIR, else $CEDAR_STORE, else your data directory (~/.local/share/mineflayer-cedar/store\n' +
        'on Linux), the one a bot uses, or a postgres:// URL (a store a fleet of bots shares); the shipped seed\n' +
        'skills show through it and are never written (--no-seeds\n' +
        'hides them). NAME is a skill or a constraint; when both kinds have it the skill is meant, unless --kind\n' +
        'constraint is given.',
    )
  // A database store holds connections open; each command lets go of them when it is done.
  skills.hook('postAction', () => stores.closeAll())

  storeCommand(skills, 'list', 'every skill and constraint, and any file that could not be loaded')
    .option('--json', 'print {"store", "records": [...], "problems": [...]}')
    .action(async (flags: SkillsFlags) => {
      const out = createOutput(flags.json ?? false, io)
      await guarded(out, async () => {
        // Problems are part of this command's report, so the store need not log them too.
        const store = stores.open(flags, { warn: () => {} })
        const { records, problems } = await store.load()
        const rows = records.map((record) => ({
          name: record.name,
          kind: record.kind,
          states: record.dfa.transitions.length,
          alphabetSize: record.alphabet.length,
          provenance: { path: record.provenance.path, teacher: record.provenance.teacher },
          version: record.version,
        }))
        const text =
          rows.length === 0 ? `no skills or constraints in ${store.location}` : table(rows.map((row) => tableRow(row)))
        out.result([text, ...problemLines(problems)].join('\n'), { store: store.location, records: rows, problems })
      })
    })

  storeCommand(skills, 'show <name>', 'a record in brief: symbols, success events, evidence, provenance, versions')
    .addOption(kindOption())
    .option('--json', 'print the summary as JSON')
    .action(async (name: string, flags: SkillsFlags) => {
      const out = createOutput(flags.json ?? false, io)
      await guarded(out, async () => {
        const record = await stores.resolve(stores.open(flags), name, flags.kind, 'showing')
        out.result(summaryText(record), summary(record))
      })
    })

  storeCommand(skills, 'export [names...]', 'records as {"schema": 1, "records": [...]} (all of them by default)')
    .addOption(kindOption())
    .option('-o, --out <file>', 'write the export here instead of standard output')
    .action(async (names: string[], flags: SkillsFlags) => {
      const out = createOutput(false, io)
      await guarded(out, async () => {
        const store = stores.open(flags)
        let records: SkillRecord[]
        if (names.length === 0) records = (await store.load()).records
        else {
          records = []
          for (const name of names) records.push(await stores.resolve(store, name, flags.kind, 'exporting'))
        }
        const text = `${formatJson({ schema: SCHEMA_VERSION, records })}\n`
        if (!flags.out) io.stdout.write(text)
        else {
          await writeDurably(path.resolve(flags.out), text)
          out.result(`exported ${count(records.length, 'record')} to ${flags.out}`, null)
        }
      })
    })

  storeCommand(skills, 'import <file>', 'save the records of an export (FILE may be -); a bad record saves nothing')
    .option('--json', 'print {"saved": [{"kind", "name", "version"}]}')
    .action(async (file: string, flags: SkillsFlags) => {
      const out = createOutput(flags.json ?? false, io)
      await guarded(out, async () => {
        const source = file === '-' ? 'standard input' : file
        const records = readExport(await readInput(file, io.stdin), source)
        let saved: SkillRecord[]
        try {
          saved = await stores.open(flags).importRecords(records)
        } catch (error) {
          throw new Error(`${source}: nothing imported: ${(error as Error).message}`)
        }
        // importRecords resolves once every file is durable, so what is printed here is really saved.
        const list = saved.map(({ kind, name, version }) => ({ kind, name, version }))
        const text = list.map((r) => `saved ${r.kind} ${r.name} (version ${r.version})`).join('\n')
        out.result(text || 'the file has no records', { saved: list })
      })
    })

  storeCommand(skills, 'rm <name>', 'delete a skill or constraint')
    .addOption(kindOption())
    .option('--json', 'print {"removed": {"kind", "name"}}')
    .action(async (name: string, flags: SkillsFlags) => {
      const out = createOutput(flags.json ?? false, io)
      await guarded(out, async () => {
        const store = stores.open(flags)
        const record = await stores.resolve(store, name, flags.kind, 'removing')
        if (!(await store.remove(record.kind, record.name))) throw new Error(`${record.name} was removed meanwhile`)
        out.result(`removed ${record.kind} ${record.name}`, { removed: { kind: record.kind, name: record.name } })
      })
    })

  storeCommand(
    skills,
    'seed',
    "learn the papers' tasks with the recipe teacher in the Sim and save them (the shipped seeds)",
  )
    .option('--json', 'print {"store", "saved": [{"name", "membershipQueries", "states"}]}')
    .action(async (flags: SkillsFlags) => {
      const out = createOutput(flags.json ?? false, io)
      await guarded(out, async () => {
        const store = stores.open(flags)
        // The agent and the rules load only for seeding: the other subcommands, and every `cedar` call, skip them.
        const [{ seedSkills }, { loadRules }] = await Promise.all([
          import('../agent/index.js'),
          import('../world/rules.js'),
        ])
        const saved = await seedSkills(store, loadRules(), (record) => {
          if (!flags.json) io.stdout.write(`saved ${record.name}\n`)
        })
        const rows = saved.map((r) => ({
          name: r.name,
          membershipQueries: r.provenance.membershipQueries,
          states: r.dfa.transitions.length,
        }))
        out.result(`${count(saved.length, 'seed skill')} in ${store.location}`, { store: store.location, saved: rows })
      })
    })

  storeCommand(
    skills,
    'render <name>',
    "draw a record's DFA: SVG or DOT to standard output, or to --out FILE (the format by its extension)",
  )
    .addOption(kindOption())
    .option('-o, --out <file>', 'FILE.svg or FILE.dot (default: standard output)')
    .addOption(new Option('--format <format>', 'for standard output').choices(['svg', 'dot']).default('svg'))
    .option('--json', 'print {"file", "states"} (without --out: {"format", "states", "picture"})')
    .action(async (name: string, flags: SkillsFlags & { format: 'svg' | 'dot' }) => {
      const out = createOutput(flags.json ?? false, io)
      await guarded(out, async () => {
        const format = flags.out === undefined ? `.${flags.format}` : path.extname(flags.out).toLowerCase()
        if (format !== '.svg' && format !== '.dot') throw new Error(`--out must end in .svg or .dot, not ${flags.out}`)
        const record = await stores.resolve(stores.open(flags), name, flags.kind, 'rendering')
        const dfa = parseDfaJson(record.dfa, `${record.kind} ${record.name}`)
        const picture =
          format === '.dot' ? toDot(dfa, { name: record.name }) : await renderSvg(dfa, { name: record.name })
        if (flags.out === undefined) {
          out.result(picture.trimEnd(), { format: format.slice(1), states: dfa.stateCount, picture })
          return
        }
        await writeDurably(path.resolve(flags.out), picture)
        out.result(`wrote ${flags.out} (${record.kind} ${record.name}, ${count(dfa.stateCount, 'state')})`, {
          file: flags.out,
          states: dfa.stateCount,
        })
      })
    })
}

function storeCommand(parent: Command, usage: string, description: string): Command {
  return parent
    .command(usage)
    .description(description)
    .option(
      '--store <dir|url>',
      'the store directory or postgres:// URL (default $CEDAR_STORE, else your data directory)',
    )
    .option('--no-seeds', 'the store alone: without the shipped seed skills showing through it')
}

function kindOption(): Option {
  return new Option('--kind <kind>', 'which one, when a skill and a constraint share the name').choices([
    'skill',
    'constraint',
  ])
}

/**
 * The store a command opens, and its warnings: files the store moved aside are said on standard error, away from
 * the command's output. While a record is looked up they are held, so that one its error already says (the
 * record's own file is corrupt) is not said twice.
 */
class StoreAccess {
  private held: string[] | undefined
  private readonly opened: RecordStore[] = []
  readonly logger: StoreLogger = {
    warn: (message) => {
      if (this.held) this.held.push(message)
      else this.io.stderr.write(`cedar: ${message}\n`)
    },
  }

  constructor(private readonly io: CliIo) {}

  /** The store the bot would use, with the shipped seeds under it (unless it is the seed directory itself). */
  open(flags: SkillsFlags, logger: StoreLogger = this.logger): RecordStore {
    const seeds = flags.seeds === false ? undefined : SHIPPED_SEEDS
    const store = openRecordStore(resolveStorePath(flags.store, this.io.env), {
      logger,
      env: this.io.env,
      ...(seeds ? { seeds } : {}),
    })
    this.opened.push(store)
    return store
  }

  async closeAll(): Promise<void> {
    const opened = this.opened.splice(0)
    await Promise.all(opened.map((store) => store.close()))
  }

  /** The record NAME means: the skill when both kinds have it (and a note saying so), else an error with a hint. */
  async resolve(store: RecordStore, name: string, kind: RecordKind | undefined, doing: string) {
    this.held = []
    let broken: StoreProblem | undefined
    try {
      const { records, problems } = await store.load()
      broken = pickByName(records, name, kind).record ? undefined : problems.find((p) => isFileOf(p, name, kind))
      if (broken) {
        throw new Error(
          `${name} could not be loaded: ${broken.message}${broken.movedTo ? ` (moved to ${broken.movedTo})` : ''}`,
        )
      }
      return this.pick(store, records, name, kind, doing)
    } finally {
      const warnings = this.held
      this.held = undefined
      for (const warning of warnings) if (!broken || !warning.includes(broken.message)) this.logger.warn(warning)
    }
  }

  private pick(store: RecordStore, records: SkillRecord[], name: string, kind: RecordKind | undefined, doing: string) {
    const { record, both } = pickByName(records, name, kind)
    if (!record) {
      const candidates = records.filter((r) => !kind || r.kind === kind).map((r) => r.name)
      const hint = closestName(name, candidates)
      const what = kind ?? 'skill or constraint'
      throw new Error(`no ${what} named ${name} in ${store.location}${hint ? `; did you mean ${hint}?` : ''}`)
    }
    if (both) {
      this.io.stderr.write(`cedar: ${name} is both a skill and a constraint; ${doing} the skill (--kind constraint)\n`)
    }
    return record
  }
}

const isFileOf = (problem: StoreProblem, name: string, kind: RecordKind | undefined) =>
  (kind !== 'constraint' && problem.file === `skills/${name}.json`) ||
  (kind !== 'skill' && problem.file === `constraints/${name}.json`)

/** The records of an export file, or an error naming the file and what is wrong with it. */
function readExport(text: string, source: string): unknown[] {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new Error(`${source}: not JSON (${(error as Error).message})`)
  }
  const parsed = exportSchema.safeParse(value)
  if (!parsed.success) throw new Error(`${source}: expected {"schema": ${SCHEMA_VERSION}, "records": [...]}`)
  if (parsed.data.schema > SCHEMA_VERSION) {
    throw new Error(`${source}: schema ${parsed.data.schema} is newer than this cedar reads (${SCHEMA_VERSION})`)
  }
  return parsed.data.records
}

function summary(record: SkillRecord) {
  const { kind, name, verb, object, phrase, alphabet, successEvents, prerequisites, provenance } = record
  return {
    kind,
    name,
    ...(kind === 'skill' ? { verb, object } : { phrase }),
    alphabet,
    successEvents,
    prerequisites,
    states: record.dfa.transitions.length,
    accepting: record.dfa.accepting.length,
    evidence: { gold: record.evidence.filter((e) => e.gold).length, total: record.evidence.length },
    provenance,
    version: record.version,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }
}

function summaryText(record: SkillRecord): string {
  const s = summary(record)
  const p = record.provenance
  const what = record.kind === 'skill' ? `${record.verb ?? '?'} ${record.object ?? '?'}` : `"${record.phrase ?? ''}"`
  const origin = `${p.path} by ${p.teacher}${p.from ? ` from ${p.from}` : ''}`
  return [
    `${record.kind} ${record.name}: ${what} (version ${record.version})`,
    `  alphabet (${s.alphabet.length}): ${s.alphabet.join(' ')}`,
    `  success events: ${s.successEvents.join(' ') || '(none)'}`,
    `  prerequisites: ${s.prerequisites.join(' ') || '(none)'}`,
    `  DFA: ${count(s.states, 'state')}, ${s.accepting} accepting`,
    `  evidence: ${count(s.evidence.total, 'labelled word')}, ${s.evidence.gold} gold`,
    `  provenance: ${origin}; ${p.membershipQueries} membership and ${p.equivalenceQueries} equivalence queries`,
    `  created ${record.createdAt}, updated ${record.updatedAt}`,
  ].join('\n')
}

interface ListRow {
  name: string
  kind: RecordKind
  states: number
  alphabetSize: number
  provenance: { path: string; teacher: string }
  version: number
}

function tableRow(row: ListRow): string[] {
  const { name, kind, states, alphabetSize, provenance, version } = row
  return [name, kind, String(states), String(alphabetSize), `${provenance.path}/${provenance.teacher}`, String(version)]
}

function table(rows: string[][]): string {
  const header = ['name', 'kind', 'states', 'symbols', 'provenance', 'version']
  const all = [header, ...rows]
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column]?.length ?? 0)))
  return all
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

function problemLines(problems: readonly StoreProblem[]): string[] {
  if (problems.length === 0) return []
  return [
    `${count(problems.length, 'file')} could not be loaded:`,
    ...problems.map((p) => `  ${p.message}${p.movedTo ? ` (moved to ${p.movedTo})` : ' (left in place)'}`),
  ]
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}
