// /applications/:id: one application for its renter, its landlord or a co-applicant who joined (anyone
// else: 404): the home, its state, the criteria it was judged by with each check, the application as
// sent, its co-applicants, its documents, its timeline, and what the viewer may do now. The work is in application.server.ts.
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import type { Route } from './+types/application'
import { appContext } from '#server/http/app-context.server.ts'
import { CO_APPLICANT_INTENTS, CoApplicants } from '#app/components/applications/co-applicants.tsx'
import { CriteriaSummary } from '#app/components/applications/criteria-summary.tsx'
import { DecisionForms, decisionProblems } from '#app/components/applications/decision-forms.tsx'
import { DocumentItem } from '#app/components/applications/documents-section.tsx'
import { formatRatio, formatWhen } from '#app/components/applications/format.ts'
import { Snapshot } from '#app/components/applications/snapshot.tsx'
import { ApplicationStateBadge, CheckList } from '#app/components/applications/state-badge.tsx'
import { Timeline } from '#app/components/applications/timeline.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorSummary } from '#app/components/ui/error-summary.tsx'
import { formatCents, formatDate } from '#app/utils/format.ts'
import { useRevalidateOn } from '#app/realtime/provider.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import type { ApplicationView } from '#common/applications/types.ts'
import {
  APPROVAL_CONDITION_LABELS,
  DECLINE_REASON_LABELS,
  DOCUMENT_LINK_SECONDS,
  OPEN_APPLICATION_STATES,
} from '#common/applications/vocabulary.ts'
import { applicationAction, applicationPage } from './application.server.ts'
import { PageSection } from '#app/components/page-section.tsx'

export function meta() {
  return [...pageMeta('Application', 'A rental application.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return applicationPage(context.get(appContext).services, request, params.id)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return applicationAction(context.get(appContext).services, request, params.id)
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-ink-soft">{label}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  )
}

export default function ApplicationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { application: a } = loaderData
  // The other side's answer shows at once: the socket says the application changed, the page reads it again.
  useRevalidateOn((event) => event.type === 'application' && event.applicationId === a.id)
  const isLandlord = a.viewerRole === 'landlord'
  const isCoApplicant = a.viewerRole === 'co_applicant'
  const problems = actionData && CO_APPLICANT_INTENTS.includes(actionData.intent) ? [] : decisionProblems(actionData ?? null)
  const listingPath = `/properties/${a.listing.slug}`
  return (
    <div className="space-y-10">
      <PageHeader
        kicker={
          isLandlord ? `Application from ${a.applicantName}` : isCoApplicant ? `You applied with ${a.applicantName}` : 'Your application'
        }
        title={a.listing.title}
      >
        <p>
          {a.listing.address}, {a.listing.city}, {a.listing.state} · {formatCents(a.listing.rentCents)} a month ·{' '}
          <Link to={listingPath} className="text-brand-700 underline">
            See the home
          </Link>
        </p>
      </PageHeader>

      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Fact label="State">
          <ApplicationStateBadge state={a.state} />
        </Fact>
        <Fact label="Sent">{a.submittedAt ? formatWhen(a.submittedAt, a.listing.timeZone) : 'Not sent'}</Fact>
        <Fact label="Move-in wanted">{a.moveInDate ? formatDate(a.moveInDate) : '—'}</Fact>
        <Fact label="Lease length">{a.leaseMonths ? `${a.leaseMonths} months` : '—'}</Fact>
        <Fact label="Income to rent">{formatRatio(a.incomeToRent)}</Fact>
        <Fact label={a.coApplicants.some((person) => person.joined) ? 'Household income a month' : 'Monthly income'}>
          {formatCents(a.monthlyIncomeCents)}
        </Fact>
        {a.expiresAt && (OPEN_APPLICATION_STATES as readonly string[]).includes(a.state) ? (
          <Fact label="Expires unless decided by">{formatWhen(a.expiresAt, a.listing.timeZone)}</Fact>
        ) : null}
        {a.note ? <Fact label="Note from the applicant">{a.note}</Fact> : null}
      </dl>

      {a.state === 'info_requested' && a.infoRequest ? (
        <p className="rounded-lg border border-sun-500 bg-sun-100 p-4 text-ink">
          <span className="font-semibold">The landlord asks:</span> {a.infoRequest}
        </p>
      ) : null}
      <Decision application={a} />
      {isLandlord && (a.state === 'approved' || a.state === 'conditionally_approved') ? (
        <>
          <Form method="post" action="/leases/new" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="applicationId" value={a.id} />
            <input type="hidden" name="redirectTo" value={`/applications/${a.id}`} />
            <Button>Draft the lease</Button>
            <span className="text-sm text-ink-soft">The tenants, move-in date, rent and deposit are filled in from this application.</span>
          </Form>
          <p>
            <Link to="/leases" className="text-brand-700 underline">
              Your leases
            </Link>
            <span className="text-ink-soft">: the leases you send for signature and where each signature stands.</span>
          </p>
        </>
      ) : null}

      {a.actions.length > 0 ? (
        <PageSection id="actions" title={isLandlord ? 'Your decision' : 'What you can do'}>
          <ErrorSummary problems={problems} title="The answer was not sent" />
          <DecisionForms
            actions={a.actions}
            refused={actionData ? { intent: actionData.intent, fieldErrors: actionData.fieldErrors } : null}
          />
        </PageSection>
      ) : null}

      <PageSection id="criteria" title="Criteria">
        {a.criteria ? (
          <>
            <p className="text-sm text-ink-soft">
              Judged by criteria version {a.criteria.version}, as published when the application was sent.
            </p>
            <CheckList checks={a.checks} />
            <details className="text-sm">
              <summary className="cursor-pointer font-semibold text-brand-700">The criteria in full</summary>
              <div className="mt-2">
                <CriteriaSummary criteria={a.criteria} rentCents={a.listing.rentCents} />
              </div>
            </details>
          </>
        ) : (
          <p className="text-ink-soft">The landlord had published no criteria when this application was sent.</p>
        )}
      </PageSection>

      {isCoApplicant ? null : (
        <PageSection id="sent" title="The application as sent">
          {a.snapshot ? <Snapshot profile={a.snapshot} /> : <p className="text-ink-soft">Nothing was sent yet.</p>}
        </PageSection>
      )}

      <PageSection id="co-applicants" title="Co-applicants">
        <CoApplicants application={a} refused={actionData ?? null} />
      </PageSection>

      <PageSection id="documents" title={isCoApplicant ? 'Your documents' : 'Documents'}>
        {a.documentList.length === 0 ? (
          <p className="text-ink-soft">No documents.</p>
        ) : (
          <>
            <p className="text-sm text-ink-soft">
              Each link works for {Math.round(DOCUMENT_LINK_SECONDS / 60)} minutes and opens in a new tab; reload the page for fresh ones.
            </p>
            <ul className="divide-y divide-gray-200 border-y border-gray-200">
              {a.documentList.map((document) => (
                <li key={document.id} className="py-3">
                  <DocumentItem document={document} timeZone={a.listing.timeZone} />
                </li>
              ))}
            </ul>
          </>
        )}
      </PageSection>

      <PageSection id="timeline" title="Timeline">
        <Timeline events={a.events} timeZone={a.listing.timeZone} />
      </PageSection>

      <p>
        {isCoApplicant ? (
          <Link to="/userprofile/application" className="text-brand-700 underline">
            Your reusable application
          </Link>
        ) : (
          <Link to={isLandlord ? `${listingPath}/applications` : '/applications'} className="text-brand-700 underline">
            {isLandlord ? 'All applications for this home' : 'All your applications'}
          </Link>
        )}
      </p>
    </div>
  )
}

function Decision({ application: a }: { application: ApplicationView }) {
  if (a.state === 'declined' && a.declineReasons.length > 0) {
    return (
      <div className="rounded-lg border border-gray-300 bg-gray-50 p-4 text-ink">
        <p className="font-semibold">Declined, for these reasons:</p>
        <ul className="mt-1 list-disc pl-5">
          {a.declineReasons.map((reason) => (
            <li key={reason}>{DECLINE_REASON_LABELS[reason]}</li>
          ))}
        </ul>
        {a.decisionText ? <p className="mt-2">{a.decisionText}</p> : null}
      </div>
    )
  }
  if (a.state === 'conditionally_approved') {
    return (
      <div className="rounded-lg border border-green-700 bg-green-50 p-4 text-ink">
        <p className="font-semibold">Approved on these conditions:</p>
        <ul className="mt-1 list-disc pl-5">
          {a.conditions.map((condition) => (
            <li key={condition}>
              {APPROVAL_CONDITION_LABELS[condition]}
              {condition === 'higher_deposit' && a.depositCents !== null ? `: ${formatCents(a.depositCents)}` : ''}
            </li>
          ))}
        </ul>
        {a.decisionText ? <p className="mt-2">{a.decisionText}</p> : null}
      </div>
    )
  }
  if (a.state === 'approved') {
    return (
      <p className="rounded-lg border border-green-700 bg-green-50 p-4 font-semibold text-ink">
        Approved.{a.decisionText ? ` ${a.decisionText}` : ''}
      </p>
    )
  }
  return null
}
