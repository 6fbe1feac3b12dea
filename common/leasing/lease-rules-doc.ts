// The late-fee and disclosure sections of docs/state-rules.md, made from common/leasing/lease-rules.ts.
import { US_STATE_NAMES } from '#common/cooper/states.ts'
import { disclosuresFor, LATE_FEE_RULES, LEAD_PAINT_DISCLOSURE, lateFeeCapText, type Disclosure, type LateFeeRule } from './lease-rules.ts'
import { STATE_CODES } from './state-rules.ts'

function tableCell(text: string): string {
  return text.replaceAll('|', '\\|')
}

function capCell(rule: LateFeeRule): string {
  const presumed = (text: string, kind: string) => (kind === 'presumed' ? `${text} (presumed reasonable)` : text)
  const variants = rule.variants.map(
    (variant) => `; ${presumed(lateFeeCapText(variant.cap), variant.cap.kind)} in a building of more than ${variant.when.units} units`,
  )
  return presumed(lateFeeCapText(rule.cap), rule.cap.kind) + variants.join('')
}

function graceCell(rule: LateFeeRule): string {
  if (rule.graceDays === null) return rule.cap.kind === 'unknown' ? '—' : 'none set'
  const extra = rule.extraGraceDaysWithoutLocalOffice
  return `${rule.graceDays} days${extra === null ? '' : ` (${rule.graceDays + extra} without a local office)`}`
}

function disclosureLine(disclosure: Disclosure): string {
  const when = { always: '', builtBefore1978: ' Homes built before 1978.', lateFee: ' When the lease charges a late fee.' }[
    disclosure.appliesWhen
  ]
  const effective = disclosure.effective ? ` In force since ${disclosure.effective}.` : ''
  const note = disclosure.note ? ` ${disclosure.note}` : ''
  return `  - **${disclosure.title}** (${disclosure.citation}).${when} ${disclosure.text}${effective}${note}`
}

/** The Markdown of the late-fee table and the disclosures, before Prettier lays it out. */
export function renderLeaseRulesSections(): string[] {
  const rows = STATE_CODES.map((code) => {
    const rule = LATE_FEE_RULES[code]
    const cells = [`${US_STATE_NAMES[code]} (${code})`, capCell(rule), graceCell(rule), rule.citation ?? '—', rule.effective ?? '—']
    return `| ${cells.map(tableCell).join(' | ')} |`
  })
  const notes = STATE_CODES.flatMap((code) => {
    const note = LATE_FEE_RULES[code].note
    return note && LATE_FEE_RULES[code].cap.kind !== 'unknown' ? [`- **${US_STATE_NAMES[code]}.** ${note}`] : []
  })
  const stateDisclosures = STATE_CODES.flatMap((code) => {
    const own = disclosuresFor(code).filter((disclosure) => disclosure !== LEAD_PAINT_DISCLOSURE)
    return own.length === 0 ? [] : [`- **${US_STATE_NAMES[code]}**`, ...own.map(disclosureLine)]
  })
  return [
    '## Late fees',
    '',
    'The most a late fee may be, and how many days after the due date the landlord must wait before charging it.',
    'A fee over a cap, or a shorter grace period than the statute gives, is refused; over a figure the statute only',
    'presumes reasonable (Texas), or where a state is "not in our table yet", the form warns.',
    '',
    '| State | Late-fee cap | Grace period | Citation | Effective |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    ...notes,
    '',
    '## Required disclosures',
    '',
    'What a lease must disclose or come with. Only states we are sure of are listed; the others may require more.',
    '',
    '- **Federal**',
    disclosureLine(LEAD_PAINT_DISCLOSURE),
    ...stateDisclosures,
    '',
  ]
}
