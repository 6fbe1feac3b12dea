// The landlord's review of a listing's applications: one row per application in order of arrival,
// each figure and criterion at a glance with a box to choose it, and the side-by-side comparison of
// the 2–4 chosen (one column per applicant). On a phone each table scrolls sideways in its own region.
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { TableRegion } from '#app/components/cooper/table-region.tsx'
import { Button } from '#app/components/ui/button.tsx'
import type { ApplicationSummary, CriterionCheck } from '#common/applications/types.ts'
import { formatCents, formatDate } from '#app/utils/format.ts'
import { formatRatio } from './format.ts'
import { ApplicationStateBadge, CheckMark } from './state-badge.tsx'

/** The criteria the applications were checked against, in the order they first appear. */
function criteriaOf(applications: ApplicationSummary[]): Pick<CriterionCheck, 'criterion' | 'label'>[] {
  const seen = new Map<string, string>()
  for (const application of applications)
    for (const check of application.checks) if (!seen.has(check.criterion)) seen.set(check.criterion, check.label)
  return [...seen].map(([criterion, label]) => ({ criterion: criterion as CriterionCheck['criterion'], label }))
}

/** The list's column headings: short, the full words are on the application's page. */
const SHORT_LABELS: Record<CriterionCheck['criterion'], string> = {
  income: 'Income',
  pets: 'Pets',
  occupancy: 'Occupants',
  move_in: 'Move-in',
  other: 'Other',
}

const coApplicantsWords = (count: number) => `${count} ${count === 1 ? 'co-applicant' : 'co-applicants'}`
const years = (value: number) => `${value.toFixed(value % 1 === 0 ? 0 : 1)} ${value === 1 ? 'year' : 'years'}`

/** A table that scrolls sideways inside its own labelled region when it is wider than the screen. */
function ScrollingTable({ id, caption, children }: { id: string; caption: string; children: ReactNode }) {
  return (
    <TableRegion captionId={`${id}-caption`}>
      <table className="w-full border-collapse text-left text-sm">
        <caption id={`${id}-caption`} className="px-4 pt-3 pb-2 text-left font-semibold text-ink">
          {caption}
        </caption>
        {children}
      </table>
    </TableRegion>
  )
}

const th = 'border-b border-gray-200 px-3 py-2 font-semibold whitespace-nowrap text-ink'
const td = 'border-b border-gray-100 px-3 py-2 align-top whitespace-nowrap text-ink'
/** The comparison's row headings stay at the left edge while the applicants scroll past on a phone. */
const rowHead = 'sticky left-0 min-w-28 border-b border-gray-100 bg-gray-50 px-3 py-2 align-top font-semibold text-ink'

/** A run of plain column headings. */
function ColumnHeads({ labels }: { labels: string[] }) {
  return labels.map((label) => (
    <th key={label} scope="col" className={th}>
      {label}
    </th>
  ))
}

export function ApplicationsTable({ applications, chosen, path }: { applications: ApplicationSummary[]; chosen: number[]; path: string }) {
  const criteria = criteriaOf(applications)
  return (
    <Form method="get" action={`${path}/applications`} className="space-y-3">
      <ScrollingTable
        id="applications"
        caption={`${applications.length} ${applications.length === 1 ? 'application' : 'applications'}, in order of arrival`}
      >
        <thead className="bg-gray-50">
          <tr>
            <ColumnHeads labels={['Compare', 'Applicant', 'Sent', 'State', 'Income to rent']} />
            {criteria.map((criterion) => (
              <th key={criterion.criterion} scope="col" className={th}>
                {SHORT_LABELS[criterion.criterion] ?? criterion.label}
              </th>
            ))}
            <ColumnHeads labels={['Rental history', 'References', 'Pets', 'Documents']} />
          </tr>
        </thead>
        <tbody>
          {applications.map((application) => (
            <tr key={application.id}>
              <td className={td}>
                <input
                  type="checkbox"
                  name="compare"
                  value={application.id}
                  id={`compare-${application.id}`}
                  defaultChecked={chosen.includes(application.id)}
                  className="size-5 accent-brand-700"
                />
                <label htmlFor={`compare-${application.id}`} className="sr-only">
                  Compare {application.applicantName}
                </label>
              </td>
              <th scope="row" className={`${td} font-semibold`}>
                <Link to={`/applications/${application.id}`} className="text-brand-700 underline">
                  {application.applicantName}
                </Link>
                {application.coApplicantCount > 0 ? (
                  <span className="block text-xs font-normal text-ink-soft">and {coApplicantsWords(application.coApplicantCount)}</span>
                ) : null}
              </th>
              <td className={td}>{application.submittedAt ? formatDate(application.submittedAt) : '—'}</td>
              <td className={td}>
                <ApplicationStateBadge state={application.state} />
              </td>
              <td className={td}>{application.incomeToRent === null ? '—' : `${application.incomeToRent.toFixed(1)} ×`}</td>
              {criteria.map((criterion) => {
                const check = application.checks.find((c) => c.criterion === criterion.criterion)
                return (
                  <td key={criterion.criterion} className={`${td} text-center`} title={check?.detail}>
                    {check ? <CheckMark met={check.met} /> : '—'}
                  </td>
                )
              })}
              <td className={td}>{years(application.historyYears)}</td>
              <td className={td}>{application.references}</td>
              <td className={td}>{application.pets}</td>
              <td className={td}>{application.documents}</td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary">Compare side by side</Button>
        <span className="text-sm text-ink-soft">Tick 2 to 4 applications.</span>
      </div>
    </Form>
  )
}

export function ComparisonTable({ applications }: { applications: ApplicationSummary[] }) {
  const criteria = criteriaOf(applications)
  const row = (label: string, cell: (application: ApplicationSummary) => ReactNode) => (
    <tr key={label}>
      <th scope="row" className={rowHead}>
        {label}
      </th>
      {applications.map((application) => (
        <td key={application.id} className={td}>
          {cell(application)}
        </td>
      ))}
    </tr>
  )
  return (
    <ScrollingTable id="comparison" caption={`${applications.length} applicants side by side`}>
      <thead className="bg-gray-50">
        <tr>
          <td className={`${th} sticky left-0 bg-gray-50`} />
          {applications.map((application) => (
            <th key={application.id} scope="col" className={th}>
              <Link to={`/applications/${application.id}`} className="text-brand-700 underline">
                {application.applicantName}
              </Link>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {row('State', (a) => (
          <ApplicationStateBadge state={a.state} />
        ))}
        {row('Sent', (a) => (a.submittedAt ? formatDate(a.submittedAt) : '—'))}
        {row('Monthly income', (a) => formatCents(a.monthlyIncomeCents))}
        {row('Income to rent', (a) => formatRatio(a.incomeToRent))}
        {criteria.map((criterion) =>
          row(criterion.label, (a) => {
            const check = a.checks.find((c) => c.criterion === criterion.criterion)
            if (!check) return '—'
            return (
              <span className="whitespace-normal">
                <CheckMark met={check.met} withWords /> <span className="block text-ink-soft">{check.detail}</span>
              </span>
            )
          }),
        )}
        {row('Rental history', (a) => years(a.historyYears))}
        {row('Landlord references', (a) => a.references)}
        {row('Co-applicants', (a) => a.coApplicantCount)}
        {row('People in all', (a) => a.occupants)}
        {row('Pets', (a) => a.pets)}
        {row('Documents', (a) => a.documents)}
      </tbody>
    </ScrollingTable>
  )
}
