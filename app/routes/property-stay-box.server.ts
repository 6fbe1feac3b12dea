// The stay box of a short-term listing's page: the calendar, and for dates asked the price or why they
// cannot be booked (moved out of property.tsx, whose loader uses it).
import { findStayCalendar, findStayQuote, NightsTakenError } from '#server/stays/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import type { StayBoxData } from '#app/components/stays/stay-box.tsx'
import type { StayChoice } from '#app/components/stays/stay-calendar.tsx'

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** The dates and guests the stay box's links and form put in the address; anything else is no choice. */
function stayChoiceOf(url: URL): StayChoice {
  const dateOf = (name: string) => {
    const value = url.searchParams.get(name)
    return value && DATE.test(value) ? value : null
  }
  const guests = Number(url.searchParams.get('guests'))
  return {
    checkIn: dateOf('checkIn'),
    checkOut: dateOf('checkOut'),
    guests: Number.isInteger(guests) && guests >= 1 && guests <= 50 ? guests : 1,
  }
}

/** The stay box: the calendar, and for dates asked the price or why they cannot be booked. */
export async function stayBoxOf(
  db: Parameters<typeof findStayCalendar>[0],
  { listingId, viewerId, url }: { listingId: number; viewerId: string | null; url: URL },
) {
  const calendar = await findStayCalendar(db, { listingId, viewerId, input: { months: '3' } })
  const choice = stayChoiceOf(url)
  const box: StayBoxData = { listingId, calendar, choice, quote: null, problem: null }
  // A check-in alone is half a choice: the calendar asks for the check-out next.
  if (url.searchParams.get('checkOut') === null) return box
  try {
    const input = {
      checkIn: url.searchParams.get('checkIn') ?? '',
      checkOut: url.searchParams.get('checkOut') ?? '',
      guests: String(choice.guests),
    }
    box.quote = await findStayQuote(db, { listingId, viewerId, input })
  } catch (error) {
    if (error instanceof NightsTakenError) {
      box.problem = { message: error.message, nearest: [error.nearest.before, error.nearest.after].filter((range) => range !== null) }
    } else if (isAppError(error)) {
      box.problem = {
        message:
          Object.values(error.fieldErrors ?? {})
            .flat()
            .join(' ') || error.message,
        nearest: [],
      }
    } else throw error
  }
  return box
}
