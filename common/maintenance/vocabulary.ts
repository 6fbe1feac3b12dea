// The words of a maintenance request: what is wrong, how urgent, the states it passes through and the
// steps that move it, with the labels the pages and e-mails show.

export const MAINTENANCE_CATEGORIES = [
  'plumbing',
  'electrical',
  'heating_cooling',
  'appliance',
  'pests',
  'locks_security',
  'structural',
  'water_leak',
  'outdoor',
  'other',
] as const
export type MaintenanceCategory = (typeof MAINTENANCE_CATEGORIES)[number]
export const CATEGORY_LABELS: Record<MaintenanceCategory, string> = {
  plumbing: 'Plumbing',
  electrical: 'Electrical',
  heating_cooling: 'Heating or cooling',
  appliance: 'Appliance',
  pests: 'Pests',
  locks_security: 'Locks or security',
  structural: 'Walls, floors, roof or windows',
  water_leak: 'Leak or water damage',
  outdoor: 'Outdoor or shared areas',
  other: 'Something else',
}

/** Most urgent first: the landlord's list is ordered by this, then by age. */
export const MAINTENANCE_URGENCIES = ['emergency', 'urgent', 'routine'] as const
export type MaintenanceUrgency = (typeof MAINTENANCE_URGENCIES)[number]
export const URGENCY_LABELS: Record<MaintenanceUrgency, string> = {
  emergency: 'Emergency',
  urgent: 'Urgent',
  routine: 'Routine',
}
export const URGENCY_HINTS: Record<MaintenanceUrgency, string> = {
  emergency:
    'A risk to people or serious damage to the home now: no heat in freezing weather, a burst pipe, sewage backing up, a gas smell, no power, a door that will not lock.',
  urgent:
    'Something that makes the home hard to live in and should be fixed within a few days: no hot water, a broken fridge, a leaking tap that keeps getting worse.',
  routine: 'Everything else that can wait to be arranged: a dripping tap, a sticking door, a broken blind.',
}
export const DANGER_NOTE =
  'If anyone is in danger (fire, a gas smell, sparks, flooding near electrics), leave and call 911 or your local emergency services first, then file the request.'

/** An emergency the landlord has not acknowledged within this many hours is e-mailed to them again. */
export const EMERGENCY_ESCALATION_HOURS = 4

export const MAINTENANCE_STATES = [
  'new',
  'acknowledged',
  'scheduled',
  'in_progress',
  'completed',
  'reopened',
  'closed',
  'cancelled',
] as const
export type MaintenanceState = (typeof MAINTENANCE_STATES)[number]
export const STATE_LABELS: Record<MaintenanceState, string> = {
  new: 'New',
  acknowledged: 'Acknowledged',
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  reopened: 'Reopened',
  closed: 'Closed',
  cancelled: 'Cancelled',
}
/** States a request is finished in: nothing moves it any more. */
export const FINAL_STATES: readonly MaintenanceState[] = ['closed', 'cancelled']

export const MAINTENANCE_ACTIONS = [
  'filed',
  'acknowledged',
  'scheduled',
  'started',
  'completed',
  'closed',
  'reopened',
  'cancelled',
  'escalated',
] as const
export type MaintenanceAction = (typeof MAINTENANCE_ACTIONS)[number]

/** The steps a party takes on a request (filing and the site's own reminder aside). */
export type MaintenanceStep = Exclude<MaintenanceAction, 'filed' | 'escalated'>

export const ACTION_LABELS: Record<MaintenanceAction, string> = {
  filed: 'Filed',
  acknowledged: 'Acknowledged',
  scheduled: 'Scheduled',
  started: 'Work started',
  completed: 'Marked completed',
  closed: 'Closed',
  reopened: 'Reopened',
  cancelled: 'Cancelled',
  escalated: 'Landlord reminded: emergency not acknowledged',
}

/** The button each step has on the request page. */
export const STEP_BUTTONS: Record<MaintenanceStep, string> = {
  acknowledged: 'Acknowledge',
  scheduled: 'Schedule a visit',
  started: 'Mark work started',
  completed: 'Mark completed',
  closed: 'Close: it is fixed',
  reopened: 'Reopen: it is not fixed',
  cancelled: 'Cancel the request',
}

export type MaintenanceSide = 'tenant' | 'landlord'

/** Who may take each step, and from which states; the one table the domain and the pages both read. */
export const TRANSITIONS: Record<MaintenanceStep, { by: MaintenanceSide[]; from: MaintenanceState[]; to: MaintenanceState }> = {
  acknowledged: { by: ['landlord'], from: ['new', 'reopened'], to: 'acknowledged' },
  scheduled: { by: ['landlord'], from: ['new', 'reopened', 'acknowledged', 'scheduled'], to: 'scheduled' },
  started: { by: ['landlord'], from: ['acknowledged', 'scheduled'], to: 'in_progress' },
  completed: { by: ['landlord'], from: ['acknowledged', 'scheduled', 'in_progress'], to: 'completed' },
  closed: { by: ['tenant'], from: ['completed'], to: 'closed' },
  reopened: { by: ['tenant'], from: ['completed'], to: 'reopened' },
  cancelled: { by: ['tenant', 'landlord'], from: ['new', 'reopened', 'acknowledged', 'scheduled', 'in_progress'], to: 'cancelled' },
}
/** A tenant cancels only before work starts; the landlord, until it is completed, with a reason. */
const TENANT_CANCELS_FROM: readonly MaintenanceState[] = ['new', 'reopened', 'acknowledged', 'scheduled']

/** The steps a side may take on a request in a state, in the order the page offers them. */
export function stepsFor(side: MaintenanceSide, state: MaintenanceState): MaintenanceStep[] {
  return (Object.keys(TRANSITIONS) as MaintenanceStep[]).filter((step) => {
    const rule = TRANSITIONS[step]
    if (!rule.by.includes(side) || !rule.from.includes(state)) return false
    return !(step === 'cancelled' && side === 'tenant' && !TENANT_CANCELS_FROM.includes(state))
  })
}

export const MAX_MAINTENANCE_PHOTOS = 8
export const MAX_TIME_WINDOWS = 5
