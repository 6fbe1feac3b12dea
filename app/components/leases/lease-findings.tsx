// The state's rules applied to the lease being drafted: what would refuse the terms and what to check,
// each with its citation and the note that it is not legal advice. The list is a polite live region, so it is read out as the landlord types.
import type { LeaseFinding } from '#common/leasing/lease-check.ts'
import { NOT_LEGAL_ADVICE } from '#common/leasing/state-rules.ts'

export function LeaseFindings({ findings, stateName, isLive }: { findings: LeaseFinding[]; stateName: string; isLive: boolean }) {
  const refusals = findings.filter((finding) => finding.level === 'refuse')
  const warnings = findings.filter((finding) => finding.level === 'warn')
  return (
    <section aria-labelledby="rules-title" className="space-y-3 rounded-lg border border-gray-300 bg-white p-4">
      <h2 id="rules-title" className="text-lg font-semibold text-ink">
        {stateName}’s rules for these terms
      </h2>
      <div aria-live="polite" className="space-y-3">
        <p className="text-sm text-ink-soft">
          {isLive ? 'Checked as you type.' : 'As last saved.'}{' '}
          {findings.length === 0 ? 'Nothing in our table of the state’s rules stands against these terms.' : null}
        </p>
        {refusals.length > 0 ? (
          <div className="rounded-lg border-2 border-red-700 bg-red-50 p-3">
            <h3 className="font-semibold text-red-800">Not allowed: saving refuses these terms</h3>
            <FindingList findings={refusals} />
          </div>
        ) : null}
        {warnings.length > 0 ? (
          <div className="rounded-lg border border-sun-500 bg-sun-100 p-3">
            <h3 className="font-semibold text-ink">Check before you send</h3>
            <FindingList findings={warnings} />
          </div>
        ) : null}
      </div>
      <p className="text-sm font-semibold text-ink">{NOT_LEGAL_ADVICE}</p>
    </section>
  )
}

function FindingList({ findings }: { findings: LeaseFinding[] }) {
  return (
    <ul className="mt-2 list-disc space-y-2 pl-5 text-sm text-ink">
      {findings.map((finding) => (
        <li key={`${finding.rule}:${finding.message}`}>
          {finding.message}
          {finding.citation && !finding.message.includes(finding.citation) ? (
            <span className="block text-ink-soft">Source: {finding.citation}</span>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
