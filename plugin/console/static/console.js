// The cedar console page: draws what the bot's event stream says, and sends command lines; nothing else. Text goes
// in as text (never as HTML), and the automaton pictures are parsed as SVG with anything active stripped.

const token = document.querySelector('meta[name="cedar-token"]').content
const $ = (id) => document.getElementById(id)
const KEPT_LINES = 300
const KEPT_VERDICTS = 100

let product = { state: undefined, from: undefined, action: undefined }
let viewMode = 'above'
let viewShown

function element(tag, text, className) {
  const node = document.createElement(tag)
  if (text !== undefined) node.textContent = text
  if (className) node.className = className
  return node
}

function trim(list, cap) {
  while (list.children.length > cap) list.firstElementChild.remove()
}

const scrolling = new Set()
/**
 * Keeps a list scrolled to its newest entry, once per frame: reading scrollHeight forces a layout, and a burst of
 * the bot's events would otherwise pay one per event (with the 3D view drawing beside them).
 */
function scrollToEnd(list) {
  if (scrolling.has(list)) return
  scrolling.add(list)
  requestAnimationFrame(() => {
    scrolling.delete(list)
    list.scrollTop = list.scrollHeight
  })
}

function addLine(entry) {
  if (entry.kind === 'done') return
  const list = $('lines')
  const item = element('li', entry.kind === 'command' ? `> ${entry.text}` : entry.text, entry.kind)
  item.dataset.command = String(entry.id)
  list.append(item)
  trim(list, KEPT_LINES)
  scrollToEnd(list)
}

async function send(line) {
  const response = await fetch(`command?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ line }),
  })
  if (!response.ok) addLine({ id: 0, kind: 'reply', text: `not sent: ${(await response.text()).trim()}` })
}

/** Graphviz output, parsed as SVG; scripts, foreign content, links and event attributes are removed. */
function safeSvg(text) {
  const parsed = new DOMParser().parseFromString(text, 'image/svg+xml')
  const svg = parsed.documentElement
  if (svg.nodeName !== 'svg') return element('p', 'the picture could not be read', 'muted')
  for (const bad of svg.querySelectorAll('script, foreignObject, a, iframe, image, use')) bad.remove()
  for (const node of svg.querySelectorAll('*')) {
    for (const attribute of [...node.attributes]) {
      if (/^on/i.test(attribute.name) || /href$/i.test(attribute.name)) node.removeAttribute(attribute.name)
    }
  }
  return document.importNode(svg, true)
}

function showPicture(picture) {
  const svg = safeSvg(picture.svg)
  if (picture.role === 'product') {
    const holder = $('product')
    holder.classList.remove('muted')
    holder.replaceChildren(svg)
    holder.dataset.states = String(picture.states)
    highlight()
    return
  }
  const figure = element('figure')
  figure.append(svg, element('figcaption', `${picture.name} (${picture.states} states)`))
  $('parts').append(figure)
}

/** The product's current state and the transition that led there. */
function highlight() {
  const svg = $('product').querySelector('svg')
  if (!svg) return
  for (const node of svg.querySelectorAll('.current, .last')) node.classList.remove('current', 'last')
  if (product.state === undefined) return
  for (const node of svg.querySelectorAll('g.node')) {
    if (node.querySelector('title')?.textContent === String(product.state)) node.classList.add('current')
  }
  const edges = [...svg.querySelectorAll('g.edge')]
  const titled = (title) => edges.filter((edge) => edge.querySelector('title')?.textContent === title)
  // An act and the event it brought are two transitions in one step (0 -mine-> 1 -has-> 2): then the last one is the
  // edge into the current state from another.
  const direct = titled(`${product.from}->${product.state}`)
  const arrival = edges.filter((edge) => {
    const title = edge.querySelector('title')?.textContent ?? ''
    return (
      title.endsWith(`->${product.state}`) &&
      !title.startsWith('start') &&
      title !== `${product.state}->${product.state}`
    )
  })
  for (const edge of direct.length > 0 ? direct : arrival.slice(0, 1)) edge.classList.add('last')
}

function showTask(task) {
  $('task-name').textContent = task
    ? `${task.name} (asked by ${task.by})${task.end ? ` — ${task.end}` : ''}`
    : 'no task yet'
  $('task-name').classList.toggle('muted', !task)
  $('parts').replaceChildren()
  $('product').replaceChildren(document.createTextNode('composed when a task runs'))
  $('product').classList.add('muted')
  product = { state: undefined, from: undefined, action: undefined }
  showGrounded(task ?? { goals: [], constraints: [] })
  showStep(task?.last ? { ...task.last, plan: task.plan, steps: task.steps, failed: task.failed } : undefined)
  if (!task) return
  if (task.product) showPicture({ role: 'product', ...task.product })
  for (const picture of [...task.skills, ...task.constraintPictures]) showPicture({ role: 'part', ...picture })
}

function showGrounded({ goals, constraints }) {
  const parts = $('task-parts')
  parts.replaceChildren()
  for (const [kind, list] of [
    ['goal', goals],
    ['constraint', constraints],
  ]) {
    for (const part of list) {
      const p = element('p')
      p.append(element('strong', `${kind} "${part.text}"`), document.createTextNode(': '))
      p.append(element('span', part.alphabet.join(', '), 'symbols'))
      parts.append(p)
    }
  }
}

function showStep(step) {
  $('task-steps').textContent = String(step?.steps ?? 0)
  $('task-steps-noun').textContent = (step?.steps ?? 0) === 1 ? 'action' : 'actions'
  $('task-failed').textContent = String(step?.failed ?? 0)
  $('task-plan').textContent = step?.plan?.length ? step.plan.join(' → ') : '—'
  $('task-state').textContent = step ? String(step.state) : '—'
  const last = $('task-last')
  if (!step) {
    last.textContent = ''
    return
  }
  const how = step.blockedBy ? `blocked by ${step.blockedBy}` : step.ok ? 'ok' : `failed: ${step.message ?? ''}`
  last.textContent = `action ${step.n}: ${step.action} ${how}`
  last.classList.toggle('blocked', Boolean(step.blockedBy))
  product = { state: step.state, from: step.from, action: step.action }
  highlight()
}

function addVerdict(verdict) {
  const list = $('verdicts')
  const text =
    verdict.kind === 'allowed'
      ? `allowed ${verdict.action}`
      : `${verdict.kind} ${verdict.action} by ${verdict.blockedBy.join(', ') || 'the hard laws'}` +
        (verdict.allowedInstead.length ? `; allowed instead: ${verdict.allowedInstead.join(', ')}` : '')
  list.append(element('li', text, verdict.kind))
  trim(list, KEPT_VERDICTS)
  scrollToEnd(list)
}

function showLaws(laws) {
  const body = $('laws').querySelector('tbody')
  body.replaceChildren()
  for (const law of laws) {
    const row = element('tr')
    row.dataset.law = law.id
    const text = law.evidence ? `${law.text} (evidence: ${law.evidence})` : law.text
    for (const cell of [law.id, text, law.kind, law.source, String(law.blocked)]) row.append(element('td', cell))
    // Under the law's text, not in a column of their own: the shield panel is narrow on a 1000 px page.
    if (law.source === 'critic' && (law.kind === 'soft' || law.kind === 'proposed')) {
      const accept = element('button', 'accept')
      accept.addEventListener('click', () => send(`!law accept ${law.id}`))
      const reject = element('button', 'reject', 'secondary')
      reject.addEventListener('click', () => send(`!law reject ${law.id}`))
      const actions = element('div', undefined, 'law-actions')
      actions.append(accept, reject)
      row.children[1].append(actions)
    }
    body.append(row)
  }
  if (laws.length === 0) {
    const cell = element('td', 'no laws: every action is allowed', 'muted')
    cell.colSpan = 5
    body.append(element('tr'))
    body.lastElementChild.append(cell)
  }
}

function addQuestion({ username, question }) {
  const box = element('div', undefined, 'question')
  box.dataset.username = username
  box.dataset.question = question
  box.append(element('p', `${username}: ${question}`))
  for (const answer of ['yes', 'no', 'skip']) {
    const button = element('button', answer, answer === 'yes' ? '' : 'secondary')
    button.addEventListener('click', () => send(`!${answer}`))
    box.append(button)
  }
  $('questions').append(box)
}

function describeRecord(record) {
  const p = record.provenance
  const how = `${p.path}${p.from ? ` from ${p.from}` : ''} by ${p.teacher}, ${p.membershipQueries} questions`
  const words = `${record.evidence.words} labelled words (${record.evidence.positive} positive, ${record.evidence.gold} gold)`
  const what =
    record.kind === 'constraint'
      ? `constraint "${record.phrase ?? record.name}"${record.ltl ? ` = ${record.ltl}` : ''}`
      : `skill ${record.name}`
  return `${what} (${record.states} states): ${how}; evidence ${words}; alphabet ${record.alphabet.join(', ')}`
}

let storeReading
async function refreshStore() {
  if (storeReading) return storeReading
  storeReading = (async () => {
    try {
      const response = await fetch(`store?token=${encodeURIComponent(token)}`)
      if (!response.ok) throw new Error((await response.text()).trim())
      const { entries, total } = await response.json()
      $('store-summary').textContent =
        total === 0
          ? 'the store is empty'
          : `${total} records${total > entries.length ? `, the ${entries.length} newest shown` : ''}`
      const list = $('store-records')
      list.replaceChildren()
      for (const record of entries) {
        const figure = element('figure')
        figure.dataset.record = `${record.kind}:${record.name}`
        figure.append(safeSvg(record.svg), element('figcaption', describeRecord(record)))
        list.append(figure)
      }
    } catch (error) {
      $('store-summary').textContent = `the store could not be read: ${error.message}`
    } finally {
      storeReading = undefined
    }
  })()
  return storeReading
}

/** Whether this browser draws WebGL, which prismarine-viewer's three.js needs (off in some browsers and VMs). */
const webgl = (() => {
  try {
    const canvas = document.createElement('canvas')
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'))
  } catch {
    return false
  }
})()

const NO_WEBGL =
  'the 3D view needs WebGL, which this browser has turned off or lacks (chrome://gpu or about:support says why); ' +
  'everything else on this page works without it'

/** The 3D view in a frame of its own (prismarine-viewer's bundle draws the whole window), or why there is none. */
function showView(given) {
  const status = given?.available && !webgl ? { available: false, reason: NO_WEBGL } : given
  const box = $('view')
  $('view-modes').hidden = !status?.available
  if (!status?.available) {
    viewShown = undefined
    box.dataset.state = 'unavailable'
    box.replaceChildren(element('p', status?.reason ?? 'the 3D view is not available', 'notice'))
    return
  }
  for (const button of $('view-modes').querySelectorAll('button')) {
    button.setAttribute('aria-pressed', String(button.dataset.mode === viewMode))
  }
  // A reconnected event stream sends the status again; the frame keeps its own socket, so it stays as it is.
  if (viewShown === viewMode) return
  viewShown = viewMode
  const frame = element('iframe')
  frame.title = viewMode === 'first' ? "the world through the bot's eyes" : 'the world around the bot, from above'
  frame.src = `view/${encodeURIComponent(token)}/${viewMode}/`
  box.classList.remove('muted')
  box.dataset.state = 'shown'
  box.dataset.mode = viewMode
  box.replaceChildren(frame)
}

for (const button of $('view-modes').querySelectorAll('button')) {
  button.addEventListener('click', () => {
    viewMode = button.dataset.mode
    showView({ available: true })
  })
}

/** What the LLM has cost: this instruction's requests and tokens, and since the bot started. */
function showUsage({ total, instruction }) {
  const tokens = (u) => (u.promptTokens + u.completionTokens).toLocaleString('en')
  const usage = $('llm-usage')
  usage.classList.remove('muted')
  usage.textContent =
    `${instruction.requests} requests, ${tokens(instruction)} tokens this instruction; ` +
    `${total.requests} requests, ${tokens(total)} tokens since the bot started`
}

function connect() {
  const events = new EventSource(`events?token=${encodeURIComponent(token)}`)
  const on = (type, handle) => events.addEventListener(type, (message) => handle(JSON.parse(message.data)))
  on('snapshot', (snapshot) => {
    $('bot-name').textContent = snapshot.bot
    $('lines').replaceChildren()
    $('verdicts').replaceChildren()
    $('questions').replaceChildren()
    for (const line of snapshot.lines) addLine(line)
    for (const verdict of snapshot.verdicts) addVerdict(verdict)
    for (const question of snapshot.questions) addQuestion(question)
    showLaws(snapshot.laws)
    showTask(snapshot.task)
    showView(snapshot.view)
    if (snapshot.llmUsage) showUsage(snapshot.llmUsage)
    refreshStore()
  })
  on('line', (entry) => {
    addLine(entry)
    // A command may have learned, adapted or dropped a record.
    if (entry.kind === 'done') refreshStore()
  })
  on('task', showTask)
  on('llmUsage', showUsage)
  on('taskEnd', ({ end }) => {
    $('task-name').textContent += ` — ${end}`
  })
  on('grounded', showGrounded)
  on('picture', showPicture)
  on('step', showStep)
  on('verdict', addVerdict)
  on('laws', showLaws)
  on('view', showView)
  on('question', addQuestion)
  on('answered', ({ username, question }) => {
    const open = [...document.querySelectorAll('#questions .question')].find(
      (box) => box.dataset.username === username && box.dataset.question === question,
    )
    open?.remove()
  })
  events.addEventListener('open', () => {
    $('connection').textContent = 'live'
  })
  events.addEventListener('error', () => {
    $('connection').textContent = 'reconnecting…'
  })
}

$('command-form').addEventListener('submit', (event) => {
  event.preventDefault()
  const input = $('command')
  const line = input.value.trim()
  if (line === '') return
  input.value = ''
  send(line)
})

$('store-refresh').addEventListener('click', () => refreshStore())

connect()
