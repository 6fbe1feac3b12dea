// docs/state-rules.md, made from the tables of state rules so the page cannot drift from the code:
// `node scripts/write-state-rules-doc.ts` writes it, and a unit test checks that it matches.
import { US_STATE_NAMES } from '#common/cooper/states.ts'
import { renderLeaseRulesSections } from './lease-rules-doc.ts'
import {
  formatDollars,
  monthsOfRent,
  NOT_LEGAL_ADVICE,
  STATE_CODES,
  STATE_RULES,
  STATE_RULES_REVIEWED,
  type DepositCondition,
  type DepositLimit,
  type StateRule,
} from './state-rules.ts'

function limitText(limit: DepositLimit): string {
  if (limit.kind === 'months') return monthsOfRent(limit.months)
  return limit.kind === 'none' ? 'no statutory cap' : 'not in our table yet'
}

function conditionText(when: DepositCondition): string {
  switch (when.fact) {
    case 'furnished':
      return when.is ? 'furnished' : 'unfurnished'
    case 'smallLandlord':
      return when.is ? 'small landlord' : 'not a small landlord'
    case 'tenantAged62OrOlder':
      return when.is ? 'tenant 62 or older' : 'tenant under 62'
    case 'monthlyRentAboveCents':
      return `rent over ${formatDollars(when.cents)} a month`
  }
}

function limitCell(rule: StateRule): string {
  const variants = rule.variants.map((variant) => `; ${limitText(variant.limit)} if ${conditionText(variant.when)}`)
  return limitText(rule.deposit) + variants.join('')
}

function returnCell(rule: StateRule): string {
  const deadline = rule.depositReturn
  if (!deadline) return '—'
  return `${deadline.days} ${deadline.isBusinessDays ? 'business days' : 'days'} (${deadline.citation})`
}

function tableCell(text: string): string {
  return text.replaceAll('|', '\\|')
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`
}

/** A note after a colon: "If furnished: one and a half months' rent…". */
function clause(text: string): string {
  return sentence(text.charAt(0).toLowerCase() + text.slice(1))
}

function notesOf(rule: StateRule): string[] {
  const notes = rule.variants.map((variant) => `If ${conditionText(variant.when)}: ${clause(variant.note)}`)
  if (rule.note) notes.push(sentence(rule.note))
  if (rule.depositReturn?.note) notes.push(`Return of the deposit: ${clause(rule.depositReturn.note)}`)
  return notes
}

/** The page's Markdown, before Prettier lays out its table. */
export function renderStateRulesDoc(): string {
  const rows = STATE_CODES.map((code) => {
    const rule = STATE_RULES[code]
    const cells = [`${US_STATE_NAMES[code]} (${code})`, limitCell(rule), rule.citation ?? '—', rule.effective ?? '—', returnCell(rule)]
    return `| ${cells.map(tableCell).join(' | ')} |`
  })
  const notes = STATE_CODES.flatMap((code) => {
    const lines = notesOf(STATE_RULES[code])
    return lines.length === 0 ? [] : [`- **${US_STATE_NAMES[code]}.** ${lines.join(' ')}`]
  })
  return [
    '# State rules for leases',
    '',
    '<!-- Generated from common/leasing/state-rules.ts and lease-rules.ts by `node scripts/write-state-rules-doc.ts`: edit the tables, not this page. -->',
    '',
    `**${NOT_LEGAL_ADVICE}** Last reviewed ${STATE_RULES_REVIEWED}.`,
    '',
    '## Security deposits',
    '',
    'The most a landlord may take as a security deposit in each state and the District of Columbia, as the leasing',
    'pages apply it. A deposit over a known cap is refused, with the limit and its citation; where a state is "not in',
    'our table yet", the page only warns. Where a limit depends on something we do not know (whether the landlord is',
    "a small landlord, the tenant's age, whether the home is furnished, the length of the lease), the stricter figure",
    'applies. "Effective" is the date the current rule took effect, where we have confirmed it; "Returned within" is',
    'how long after the tenancy ends the landlord has to return the deposit, where we are sure of it.',
    '',
    '| State | Deposit limit | Citation | Effective | Returned within |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    '### Notes',
    '',
    ...notes,
    '',
    ...renderLeaseRulesSections(),
  ].join('\n')
}
