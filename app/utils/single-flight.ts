// One request of a kind at a time, for news that asks for the same refresh again and again (the
// sidebar's list, a thread's catch-up after a reconnect): a call while one runs is not lost, but
// folded into one more pass after the current one, however many calls came meanwhile.

/** Whether a run is under way, and whether it was asked for again since its current pass began. */
export type SingleFlight = { isRunning: boolean; isStale: boolean }

export const idleFlight = (): SingleFlight => ({ isRunning: false, isStale: false })

/** Runs `pass` now, or, when a run is under way, has that run make one more pass after its current one. */
export async function runSingleFlight(flight: SingleFlight, pass: () => Promise<void>): Promise<void> {
  if (flight.isRunning) {
    flight.isStale = true
    return
  }
  flight.isRunning = true
  try {
    do {
      flight.isStale = false
      await pass()
    } while (flight.isStale)
  } finally {
    flight.isRunning = false
  }
}
