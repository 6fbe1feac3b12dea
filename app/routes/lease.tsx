// /leases/:id: one lease for its landlord and its signers (anyone else: 404): its state and what the
// viewer does next, the document as it is signed with its SHA-256 and PDF, the signers, the versions,
// the timeline, and the forms of what the viewer may do now. The work is in lease.server.ts.
import { Link, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/lease'
import { appContext } from '#server/http/app-context.server.ts'
import { LeaseForms, type LeaseRefusal } from '#app/components/leases/lease-forms.tsx'
import { LeaseStateBadge, LeaseTime } from '#app/components/leases/lease-parts.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { useRevalidateOn } from '#app/realtime/provider.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { joinNames } from '#common/leases/format.ts'
import type { LeaseView } from '#common/leases/types.ts'
import { LEASE_ACTION_LABELS, LEASE_ROLE_LABELS, LEASE_STATE_LABELS } from '#common/leases/vocabulary.ts'
import { NOT_LEGAL_ADVICE } from '#common/leasing/state-rules.ts'
import { leaseAction, leasePage } from './lease.server.ts'
import { PageSection } from '#app/components/page-section.tsx'

export function meta() {
  return [...pageMeta('Lease', 'A lease and its signatures.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return leasePage(context.get(appContext).services, request, params.id)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return leaseAction(context.get(appContext).services, request, params.id)
}

/** After any answer, refused ones too, the lease is read again: a refusal may be because it changed meanwhile. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' || defaultShouldRevalidate
}

function Hash({ value }: { value: string }) {
  return <code className="font-mono text-xs break-all text-ink">{value}</code>
}

export default function LeasePage({ loaderData, actionData }: Route.ComponentProps) {
  const { lease } = loaderData
  // Another party's signature (or the landlord's change) shows at once.
  useRevalidateOn((event) => event.type === 'lease' && event.leaseId === lease.id)
  const refused: LeaseRefusal = actionData ?? null
  const document = lease.document
  const isLandlord = lease.viewerRole === 'landlord'
  return (
    <div className="space-y-10">
      <PageHeader
        kicker={`${lease.kind === 'amendment' ? 'Amendment' : 'Lease'} · you are the ${LEASE_ROLE_LABELS[lease.viewerRole].toLowerCase()}`}
        title={lease.title}
      >
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <LeaseStateBadge state={lease.state} />
          <span className="text-base">
            Version {lease.version}
            {lease.expiresAt && (lease.state === 'sent' || lease.state === 'partially_signed') ? (
              <>
                {' '}
                · to be signed by <LeaseTime iso={lease.expiresAt} />
              </>
            ) : null}
          </span>
        </p>
      </PageHeader>

      <NextStep lease={lease} />

      {lease.state === 'fully_signed' && lease.kind === 'lease' ? (
        <nav aria-label="The tenancy" className="flex flex-wrap gap-x-6 gap-y-2">
          <Link to={`/leases/${lease.id}/rent`} className="font-semibold text-brand-700 underline">
            Rent and payments
          </Link>
          <Link to={`/leases/${lease.id}/inspections`} className="font-semibold text-brand-700 underline">
            Move-in and move-out inspections
          </Link>
          <Link to={`/leases/${lease.id}/deposit`} className="font-semibold text-brand-700 underline">
            The deposit and its return
          </Link>
          {isLandlord ? null : (
            <Link to={`/maintenance/new?lease=${lease.id}`} className="font-semibold text-brand-700 underline">
              Ask for a repair
            </Link>
          )}
          <Link to="/maintenance" className="font-semibold text-brand-700 underline">
            Maintenance requests
          </Link>
        </nav>
      ) : null}

      {lease.kind === 'amendment' && lease.amendsLeaseId ? (
        <p>
          This amends{' '}
          <Link to={`/leases/${lease.amendsLeaseId}`} className="text-brand-700 underline">
            lease {lease.amendsLeaseId}
          </Link>
          , which stays in force as signed except for what the amendment changes.
        </p>
      ) : null}

      {lease.findings.length > 0 ? (
        <PageSection id="findings" title="The state’s rules on this draft">
          <ul className="list-disc space-y-1 pl-5 text-sm text-ink">
            {lease.findings.map((finding) => (
              <li key={finding.rule}>
                <span className="font-semibold">{finding.level === 'refuse' ? 'Must change before sending: ' : 'Check: '}</span>
                {finding.message}
                {finding.citation ? <span className="text-ink-soft"> ({finding.citation})</span> : null}
              </li>
            ))}
          </ul>
          <p className="text-sm text-ink-soft">{NOT_LEGAL_ADVICE}</p>
        </PageSection>
      ) : null}

      {lease.seal ? (
        <PageSection id="signed" title="The signed lease">
          <p className="text-ink">
            Signed by everyone and sealed <LeaseTime iso={lease.seal.sealedAt} />. The signed PDF holds the lease and a certificate of each
            signature.
          </p>
          <p>
            <a
              href={lease.seal.pdfPath}
              className="inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Download the signed lease
            </a>
          </p>
          <p className="text-sm text-ink-soft">
            Its SHA-256: <Hash value={lease.seal.sha256} />
          </p>
        </PageSection>
      ) : null}

      <PageSection id="document" title={document ? `The lease, version ${document.version}` : 'The lease'}>
        {document ? (
          <>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <a href={document.pdfPath} className="font-semibold text-brand-700 underline">
                Download PDF<span className="sr-only"> of version {document.version}</span>
              </a>
              <Link to="/leases/verify" className="text-sm text-brand-700 underline">
                Check a lease PDF
              </Link>
            </div>
            <p className="text-sm text-ink-soft">
              SHA-256 of this version’s PDF: <Hash value={document.sha256} />
              {document.isCurrent ? null : ' · This is the last version sent; it is no longer out for signature.'}
            </p>
            {/* Rendered on the server with every piece of the lease's text escaped: nothing in it is markup from a party. */}
            <div
              className="max-w-[52rem] overflow-hidden rounded-xl border border-gray-200 bg-white"
              dangerouslySetInnerHTML={{ __html: document.html }}
            />
          </>
        ) : (
          <p className="text-ink-soft">Nothing has been sent yet: the document is made when the lease is sent for signature.</p>
        )}
      </PageSection>

      {lease.actions.length > 0 ? (
        <PageSection id="actions" title={isLandlord ? 'What you can do' : 'Your part'}>
          <LeaseForms lease={lease} refused={refused} />
        </PageSection>
      ) : null}

      {lease.signers.length > 0 ? (
        <PageSection id="signers" title="Signers">
          <ul className="max-w-4xl divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
            {lease.signers.map((signer) => (
              <li key={`${signer.role}:${signer.email}`} className="flex flex-wrap items-start justify-between gap-2 p-4">
                <div className="min-w-0">
                  <p className="font-semibold text-ink">
                    {signer.name}
                    {signer.isYou ? ' (you)' : ''}
                  </p>
                  <p className="text-sm text-ink-soft">
                    {LEASE_ROLE_LABELS[signer.role]} ·{' '}
                    {signer.consented ? 'agreed to sign electronically' : 'has not agreed to sign electronically'}
                  </p>
                </div>
                <p className="text-sm text-ink">
                  {signer.signedAt ? (
                    <>
                      <span className="font-semibold text-green-800">Signed</span> as “{signer.typedName}”,{' '}
                      <LeaseTime iso={signer.signedAt} />
                    </>
                  ) : (
                    <span className="font-semibold text-amber-900">Not signed yet</span>
                  )}
                </p>
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}

      {lease.versions.length > 0 ? (
        <PageSection id="versions" title="Versions">
          <ul className="space-y-2">
            {lease.versions.map((version) => (
              <li key={version.version} className="text-sm">
                <a href={version.pdfPath} className="font-semibold text-brand-700 underline">
                  Version {version.version} (PDF)
                </a>{' '}
                sent <LeaseTime iso={version.sentAt} />
                <br />
                <span className="text-ink-soft">
                  SHA-256: <Hash value={version.sha256} />
                </span>
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}

      <PageSection id="timeline" title="Timeline">
        <p className="text-sm text-ink-soft">
          Times are in UTC, with your own time beside them. The signed PDF’s certificate lists each step with its address on the internet.
        </p>
        <ol className="space-y-3 border-l-2 border-gray-200 pl-4">
          {lease.events.map((event, index) => (
            <li key={`${event.at}:${index}`} className="text-sm">
              <p>
                <span className="font-semibold text-ink">{LEASE_ACTION_LABELS[event.action]}</span> by {event.actor || 'Cooper Home'},{' '}
                <LeaseTime iso={event.at} /> · version {event.version}
                <span className="sr-only"> (now {LEASE_STATE_LABELS[event.toState]})</span>
              </p>
              {event.reason ? <p className="mt-0.5 text-ink">“{event.reason}”</p> : null}
            </li>
          ))}
        </ol>
      </PageSection>

      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/leases" className="text-brand-700 underline">
          All your leases
        </Link>
        <Link to="/leases/verify" className="text-brand-700 underline">
          Check a lease PDF
        </Link>
      </p>
    </div>
  )
}

/** What the viewer does next, in one sentence or two. */
function NextStep({ lease }: { lease: LeaseView }) {
  const me = lease.signers.find((signer) => signer.isYou)
  const waitingFor = lease.signers.filter((signer) => !signer.signedAt && !signer.isYou).map((signer) => signer.name)
  const may = (action: string) => (lease.actions as string[]).includes(action)
  let text: string
  let isYourTurn = false
  if (lease.state === 'fully_signed') text = 'Everyone has signed. Download the signed lease and keep it.'
  else if (lease.state === 'declined' || lease.state === 'voided' || lease.state === 'expired') {
    const reason = lease.events.findLast((event) => event.toState === lease.state)?.reason
    text = `This lease was ${LEASE_STATE_LABELS[lease.state].toLowerCase()} and can no longer be signed.${reason ? ` The reason given: “${reason}”.` : ''}`
  } else if (lease.state === 'draft') {
    text = isLandlord(lease) ? 'This is a draft: check the terms, then send it for signature.' : 'The landlord is preparing this lease.'
  } else if (may('consent')) {
    const othersDone = waitingFor.length === 0
    isYourTurn = me?.role !== 'landlord' || othersDone
    text =
      me?.role !== 'landlord'
        ? 'Read the lease below, then agree to sign electronically and sign it.'
        : othersDone
          ? 'Every other party has signed: agree to sign electronically, then countersign to complete the lease.'
          : 'Agree to sign electronically now if you like: you countersign once the others have signed.'
  } else if (may('sign')) {
    isYourTurn = true
    text =
      me?.role === 'landlord' ? 'Every other party has signed: countersign to complete the lease.' : 'Read the lease below and sign it.'
  } else if (me?.signedAt) text = `You have signed. Waiting for ${joinNames(waitingFor)}.`
  else if (me?.role === 'landlord')
    text = `Waiting for ${joinNames(waitingFor.length ? waitingFor : ['the tenants'])} to sign; you countersign last.`
  else if (me && !me.consented) text = 'You withdrew your consent to sign electronically: ask the landlord for the lease on paper.'
  else text = `Waiting for ${joinNames(waitingFor)} to sign.`
  return (
    <p
      className={`max-w-3xl rounded-lg border p-4 text-ink ${isYourTurn ? 'border-sun-500 bg-sun-100 font-semibold' : 'border-gray-200 bg-white'}`}
    >
      {isYourTurn ? 'Awaiting your signature. ' : ''}
      {text}
      {lease.actions.length > 0 ? (
        <>
          {' '}
          <a href="#actions-title" className="font-semibold whitespace-nowrap text-brand-700 underline">
            {isLandlord(lease) ? 'What you can do' : 'Your part'}
          </a>
        </>
      ) : null}
    </p>
  )
}

const isLandlord = (lease: LeaseView) => lease.viewerRole === 'landlord'
