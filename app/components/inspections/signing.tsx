// The signing part of an inspection page: the frozen document (PDF and SHA-256), who has signed, and the
// viewer's forms — send for signature, reopen, agree to sign electronically (or withdraw that), sign — each
// a plain form post. Once everyone signed, the sealed PDF with its certificate and its SHA-256.
import { Form, Link } from 'react-router'
import { LeaseTime } from '#app/components/leases/lease-parts.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import type { FieldErrors } from '#common/forms.ts'
import type { InspectionView } from '#common/inspections/types.ts'
import { ESIGN_AGREEMENT, ESIGN_SECTIONS } from '#common/leases/esign.ts'

const Intent = ({ value }: { value: string }) => <input type="hidden" name="intent" value={value} />

export function SigningPart({ inspection, errors }: { inspection: InspectionView; errors: FieldErrors }) {
  const may = (action: InspectionView['actions'][number]) => inspection.actions.includes(action)
  const document = inspection.document
  return (
    <div className="max-w-3xl space-y-4">
      {may('ready') ? (
        <div className="space-y-2 rounded-xl border border-gray-200 bg-white p-4">
          <p className="text-sm text-ink">
            When both of you are done, send it for signature: the checklist is then frozen as a PDF that both of you sign, and it can only
            be reopened until the first signature.
            {inspection.unrecorded > 0
              ? ` ${inspection.unrecorded} ${inspection.unrecorded === 1 ? 'item has' : 'items have'} no condition yet.`
              : ''}
          </p>
          <Form method="post">
            <Intent value="ready" />
            <Button>Send for signature</Button>
          </Form>
        </div>
      ) : null}
      {document ? (
        <div className="space-y-2 rounded-xl border border-gray-200 bg-white p-4">
          {document.sealedSha256 ? (
            <>
              <p className="text-sm text-ink">
                <a href={document.pdfPath} className="font-semibold text-brand-700 underline">
                  Download the signed inspection (PDF, revision {document.revision}, with its certificate)
                </a>
              </p>
              <p className="text-sm text-ink-soft">
                Signed file’s SHA-256: <code className="font-mono text-xs break-all text-ink">{document.sealedSha256}</code>. Its last pages
                are the certificate of completion: who signed, when, from where and how they signed in. Anyone holding a copy can check it
                at{' '}
                <Link to="/leases/verify" className="text-brand-700 underline">
                  Check a lease or inspection PDF
                </Link>
                .
              </p>
              <p className="text-sm text-ink-soft">
                SHA-256 of the document signed (the file’s first part):{' '}
                <code className="font-mono text-xs break-all text-ink">{document.sha256}</code>
              </p>
            </>
          ) : (
            <>
              <p className="text-sm text-ink">
                <a href={document.pdfPath} className="font-semibold text-brand-700 underline">
                  Download the inspection (PDF, revision {document.revision})
                </a>
              </p>
              <p className="text-sm text-ink-soft">
                SHA-256: <code className="font-mono text-xs break-all text-ink">{document.sha256}</code>
              </p>
            </>
          )}
          <ul className="divide-y divide-gray-200 text-sm">
            {inspection.parties.map((party) => (
              <li key={`${party.role}:${party.name}`} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-semibold text-ink">
                  {party.name}
                  {party.isYou ? ' (you)' : ''} · {party.role === 'landlord' ? 'Landlord' : 'Tenant'}
                </span>
                {party.signedAt ? (
                  <span className="text-ink">
                    <span className="font-semibold text-green-800">Signed</span> as “{party.typedName}”, <LeaseTime iso={party.signedAt} />
                  </span>
                ) : (
                  <span className="font-semibold text-amber-900">Not signed yet</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {may('reopen') ? (
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <Intent value="reopen" />
          <Button variant="secondary">Reopen for changes</Button>
          <span className="text-sm text-ink-soft">Possible until someone signs.</span>
        </Form>
      ) : null}
      {may('consent') ? (
        <div className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
          <h3 className="font-semibold text-ink">Signing electronically</h3>
          {ESIGN_SECTIONS.map((section) => (
            <p key={section.id} className="text-sm text-ink">
              <span className="font-semibold">{section.heading}.</span> {section.text}
            </p>
          ))}
          <Form method="post" className="space-y-3">
            <Intent value="consent" />
            <Checkbox name="agree" id="field-agree" required label={ESIGN_AGREEMENT} error={errors.agree} />
            <Button>I agree</Button>
          </Form>
        </div>
      ) : null}
      {may('sign') && document ? (
        <div className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
          <h3 className="font-semibold text-ink">Sign the inspection</h3>
          <p className="text-sm text-ink-soft">
            Type your full name: that is your signature. The time, your address on the internet, your browser and how you signed in are
            recorded with it.{' '}
            {inspection.consentSource === 'inspection'
              ? 'You agreed to sign this inspection electronically.'
              : 'You agreed to sign electronically for this lease; that consent covers its inspections.'}
          </p>
          <Form method="post" className="space-y-3">
            <Intent value="sign" />
            <input type="hidden" name="documentSha256" value={document.sha256} />
            <TextField
              label="Your full name"
              name="typedName"
              id="field-typedName"
              required
              autoComplete="off"
              maxLength={120}
              error={errors.typedName}
            />
            <Checkbox
              name="confirm"
              id="field-confirm"
              required
              label={`I have read this inspection (revision ${document.revision}) and sign it as a true record.`}
              error={errors.confirm ?? errors.documentSha256}
            />
            <Button>Sign the inspection</Button>
          </Form>
        </div>
      ) : null}
      {may('withdraw_consent') ? (
        <div className="space-y-2 rounded-xl border border-gray-200 bg-white p-4">
          <h3 className="font-semibold text-ink">Withdraw your consent</h3>
          <p className="text-sm text-ink">
            You agreed to sign this inspection electronically. Until you sign, you may withdraw that consent: you then cannot sign it until
            you agree again, and the other side is told. A signature, once made, is never undone.
          </p>
          <Form method="post">
            <Intent value="withdraw_consent" />
            <Button variant="secondary">Withdraw my consent</Button>
          </Form>
        </div>
      ) : null}
    </div>
  )
}
