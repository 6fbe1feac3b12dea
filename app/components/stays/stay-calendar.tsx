// A listing's nights, month by month, as a grid of days: each free day is a link that chooses it
// (check-in first, then check-out), so the calendar works as plain links before scripts load. Every
// day says its date and whether it is free; once scripts run, arrow keys move between the days and
// only one day at a time is in the tab order, so the grid is one stop for the keyboard. The host's
// calendar (`isHost`) names why each night is taken, and its days choose the nights to block.
import { useRef, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { addDays, weekdayOf } from '#common/stays/dates.ts'
import type { NightState, StayCalendar } from '#common/stays/types.ts'
import { formatDay } from '#common/tours/format.ts'

export type StayChoice = { checkIn: string | null; checkOut: string | null; guests: number }

const STATE_WORDS: Record<NightState, string> = {
  open: 'free',
  booked: 'booked',
  blocked: 'not available',
  imported: 'not available',
  unavailable: 'not available',
}

const HOST_STATE_WORDS: Record<NightState, string> = {
  open: 'open',
  booked: 'booked',
  blocked: 'blocked by you',
  imported: 'taken by an imported calendar',
  unavailable: 'not bookable (past, notice, window or preparation)',
}

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const

const monthTitle = (month: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(`${month}-15T12:00:00Z`))

/** The address a day's link leads to: the stay it makes with what is already chosen. */
export function choiceHref(path: string, choice: { checkIn: string; checkOut?: string | null; guests: number }, hash = 'stay') {
  const query = new URLSearchParams({ checkIn: choice.checkIn })
  if (choice.checkOut) query.set('checkOut', choice.checkOut)
  query.set('guests', String(choice.guests))
  return `${path}?${query.toString()}#${hash}`
}

export function StayCalendarGrid({
  calendar,
  choice,
  path,
  isHost = false,
}: {
  calendar: StayCalendar
  choice: StayChoice
  path: string
  isHost?: boolean
}) {
  const hash = isHost ? 'block' : 'stay'
  const grid = useRef<HTMLDivElement>(null)
  const stateOf = new Map(calendar.nights.map((night) => [night.date, night.state]))
  const { checkIn, checkOut } = choice
  const choosingCheckOut = checkIn !== null && checkOut === null

  /** With a check-in chosen, a check-out may be any later day up to the first night that is not free. */
  const lastCheckOut = (() => {
    if (!choosingCheckOut) return null
    let day = checkIn
    while (stateOf.get(day) === 'open') day = addDays(day, 1)
    return day
  })()

  const targetOf = (date: string): string | null => {
    if (choosingCheckOut && lastCheckOut !== null && date > checkIn && date <= lastCheckOut) {
      return choiceHref(path, { checkIn, checkOut: date, guests: choice.guests }, hash)
    }
    if (stateOf.get(date) === 'open') return choiceHref(path, { checkIn: date, guests: choice.guests }, hash)
    return null
  }

  const isChosen = (date: string) =>
    date === checkIn || date === checkOut || (checkIn !== null && checkOut !== null && date > checkIn && date < checkOut)
  // The day the keyboard lands on: the chosen check-in, or the first free day.
  const focusDate = checkIn ?? calendar.nights.find((night) => night.state === 'open')?.date ?? calendar.nights[0]?.date

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-date]')?.dataset.date
    const step = steps[event.key]
    if (!from || step === undefined) return
    const next = grid.current?.querySelector<HTMLElement>(`[data-date="${addDays(from, step)}"]`)
    if (!next) return
    event.preventDefault()
    for (const day of grid.current!.querySelectorAll<HTMLElement>('[data-date]')) day.tabIndex = -1
    next.tabIndex = 0
    next.focus()
  }

  // A month already gone by (or with nothing bookable before the first open night) is left off the front.
  const firstOpen = calendar.nights.find((night) => night.state === 'open')?.date.slice(0, 7)
  const months = [...new Set(calendar.nights.map((night) => night.date.slice(0, 7)))].filter(
    (month) => isHost || !firstOpen || month >= firstOpen,
  )
  const hint = isHost
    ? choosingCheckOut
      ? `First night ${formatDay(checkIn)}. Now choose the day after the last night to block.`
      : 'Choose an open night to block from, then the day after the last. Arrow keys move between the days.'
    : choosingCheckOut
      ? `Check-in ${formatDay(checkIn)}. Now choose the check-out day.`
      : 'Choose the check-in day, then the check-out day. Arrow keys move between the days.'
  return (
    <div ref={grid} className="space-y-5">
      <p className="text-sm text-ink-soft">{hint}</p>
      {months.map((month) => {
        const days = calendar.nights.filter((night) => night.date.startsWith(month))
        const blanks = weekdayOf(days[0]!.date)
        const cells: (string | null)[] = [...Array.from({ length: blanks }, () => null), ...days.map((day) => day.date)]
        while (cells.length % 7 !== 0) cells.push(null)
        const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7))
        return (
          <table key={month} className="stay-calendar w-full table-fixed border-collapse text-center text-sm">
            <caption className="mb-1 text-left font-semibold text-ink">{monthTitle(month)}</caption>
            <thead>
              <tr>
                {WEEKDAYS.map(([short, long]) => (
                  <th key={short} scope="col" className="pb-1 text-xs font-semibold text-ink-soft">
                    <abbr title={long} className="no-underline">
                      {short}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week, index) => (
                <tr key={index}>
                  {week.map((date, column) =>
                    date === null ? (
                      <td key={`blank-${column}`} />
                    ) : (
                      <td key={date} className="p-0.5">
                        <Day
                          date={date}
                          state={stateOf.get(date) ?? 'unavailable'}
                          href={targetOf(date)}
                          chosen={isChosen(date)}
                          edge={date === checkIn ? 'check-in' : date === checkOut ? 'check-out' : null}
                          focusable={date === focusDate}
                          onKeyDown={onKeyDown}
                          isHost={isHost}
                        />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )
      })}
    </div>
  )
}

function Day({
  date,
  state,
  href,
  chosen,
  edge,
  focusable,
  onKeyDown,
  isHost,
}: {
  date: string
  state: NightState
  href: string | null
  chosen: boolean
  edge: 'check-in' | 'check-out' | null
  focusable: boolean
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
  isHost: boolean
}) {
  const edgeWords = edge ? (isHost ? (edge === 'check-in' ? ', chosen first night' : ', chosen end') : `, your ${edge}`) : ''
  const name = `${formatDay(date)}: ${(isHost ? HOST_STATE_WORDS : STATE_WORDS)[state]}${edgeWords}`
  // The host sees why a night is taken at a glance: booked, blocked and imported nights each have their look.
  const takenLook = isHost && (state === 'booked' || state === 'blocked' || state === 'imported') ? `is-${state}` : 'is-taken'
  const look = chosen ? 'is-chosen' : href ? 'is-free' : takenLook
  const content = (
    <>
      <span aria-hidden="true">{Number(date.slice(8, 10))}</span>
      <span className="sr-only">{name}</span>
    </>
  )
  if (href) {
    return (
      <Link
        to={href}
        preventScrollReset
        data-date={date}
        tabIndex={focusable ? 0 : -1}
        onKeyDown={onKeyDown}
        aria-current={edge ? 'date' : undefined}
        className={`stay-day ${look}`}
      >
        {content}
      </Link>
    )
  }
  // A day that cannot be chosen is still a stop for the arrow keys, so every day can be heard in turn.
  return (
    <button
      type="button"
      aria-disabled="true"
      data-date={date}
      tabIndex={focusable ? 0 : -1}
      onKeyDown={onKeyDown}
      className={`stay-day w-full ${look}`}
    >
      {content}
    </button>
  )
}
