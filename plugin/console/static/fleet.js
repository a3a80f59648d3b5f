// The fleet panel of the console page (console.js defines `token` and `$`, and loads first).
/** Every bot this process runs (`cedar start --bots N`), each linking to its own console; shown when there are two. */
async function refreshFleet() {
  try {
    const response = await fetch(`fleet?token=${encodeURIComponent(token)}`)
    if (!response.ok) return
    const bots = await response.json()
    $('fleet').hidden = bots.length < 2
    const rows = bots.map((entry) => {
      const row = document.createElement('tr')
      const name = document.createElement('td')
      const link = document.createElement('a')
      link.href = entry.url
      link.textContent = entry.bot
      name.append(link)
      const cells = [
        entry.inWorld ? `${Math.round(entry.health)}/20` : 'not in the world',
        entry.inWorld ? `${entry.food}/20` : '—',
        entry.task,
        entry.holds,
      ].map((text) => {
        const cell = document.createElement('td')
        cell.textContent = text
        return cell
      })
      row.append(name, ...cells)
      return row
    })
    $('fleet-bots')
      .querySelector('tbody')
      .replaceChildren(...rows)
  } catch {
    // The next round tries again; a console whose process stopped says so in its connection badge.
  }
}
refreshFleet()
// The fleet's rows change as the other bots act, which this page's event stream does not carry.
setInterval(refreshFleet, 3000)
