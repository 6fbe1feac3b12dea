// /leases/verify: anyone checks whether a PDF they hold is a lease on record here (a signed lease, or a
// version sent for signature) or an inspection of one (signed, with its certificate, or as sent for
// signature). The browser computes the file's SHA-256 and sends only that; the answer is match or no
// match, and for an inspection what the file itself shows (its kind, home, signers and dates). Without
// scripts, a SHA-256 computed elsewhere is pasted instead.
import { Fragment, useEffect, useState } from 'react'
import { Form, Link, useNavigation, useSubmit } from 'react-router'
import type { Route } from './+types/lease-verify'
import { appContext } from '#server/http/app-context.server.ts'
import { verifyLeaseHash } from '#server/leases/index.server.ts'
import { findInspectionFile } from '#server/inspections/index.server.ts'
import { LeaseTime } from '#app/components/leases/lease-parts.tsx'
import type { InspectionFileMatch } from '#common/inspections/types.ts'
import { INSPECTION_KIND_LABELS } from '#common/inspections/vocabulary.ts'
import { refusalOf } from '#server/http/route-errors.server.ts'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { parseForm } from '#common/forms.ts'
import { verifySchema } from '#common/leases/terms.ts'

const MALFORMED = 'A SHA-256 is 64 characters, the digits 0–9 and the letters a–f: choose the PDF file, or paste its SHA-256 whole.'

export function meta() {
  return pageMeta('Check a lease or inspection PDF', 'Check whether a lease or inspection PDF is the one signed on Cooper Home.')
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const form = await request.formData()
  // A pasted line of `sha256sum` ("<hash>  lease.pdf") or an upper-case hash reads as the hash itself.
  const typed = String(form.get('sha256') ?? '')
  const sha256 = typed.trim().split(/\s+/)[0]?.toLowerCase() ?? ''
  const parsed = parseForm(verifySchema, { sha256 })
  if (!parsed.ok) return refusalOf({ ok: false, fieldErrors: { sha256: [MALFORMED] } }, { sha256: typed.slice(0, 200) })
  const { db } = services.database
  const inspection = await findInspectionFile(db, parsed.data.sha256)
  const matches = inspection !== null || (await verifyLeaseHash(db, parsed.data.sha256))
  return { ok: true as const, matches, inspection, sha256: parsed.data.sha256 }
}

/** The hex SHA-256 of a file, computed in the browser: the file itself never leaves it. */
async function sha256Of(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer())
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** "Move-in inspection of <address>, signed by A (landlord) on <time> and B (tenant) on <time>." */
function InspectionFile({ file }: { file: InspectionFileMatch }) {
  const last = file.signers.length - 1
  return (
    <p>
      {INSPECTION_KIND_LABELS[file.kind]} of {file.address}
      {file.signers.length === 0 ? ', not signed by anyone yet' : ', signed by '}
      {file.signers.map((signer, i) => (
        <Fragment key={`${signer.role}:${signer.name}:${signer.signedAt}`}>
          {i === 0 ? '' : i === last ? ' and ' : ', '}
          {signer.name} ({signer.role}) on <LeaseTime iso={signer.signedAt} />
        </Fragment>
      ))}
      .
    </p>
  )
}

function Answer({ matches, inspection }: { matches: boolean; inspection: InspectionFileMatch | null }) {
  if (inspection) {
    return (
      <div className="space-y-2 rounded-lg border border-green-700 bg-green-50 p-4 text-ink">
        <p className="font-semibold">
          {inspection.file === 'sealed'
            ? 'This file matches a signed inspection on Cooper Home, with its certificate of completion:'
            : `This file matches an inspection as sent for signature on Cooper Home (revision ${inspection.revision}), without the certificate added once everyone signed:`}
        </p>
        <InspectionFile file={inspection} />
      </div>
    )
  }
  return matches ? (
    <p className="rounded-lg border border-green-700 bg-green-50 p-4 font-semibold text-ink">
      This file matches a lease signed on Cooper Home (or a version sent for signature).
    </p>
  ) : (
    <p className="rounded-lg border border-gray-400 bg-gray-50 p-4 font-semibold text-ink">
      This file does not match any lease on record, nor any inspection: it is not a Cooper Home document, or it was changed.
    </p>
  )
}

export default function VerifyLease({ actionData }: Route.ComponentProps) {
  const [hasScripts, setHasScripts] = useState(false)
  const [hash, setHash] = useState(actionData?.sha256 ?? '')
  const [note, setNote] = useState('')
  const navigation = useNavigation()
  const submit = useSubmit()
  const isChecking = navigation.state === 'submitting'
  useEffect(() => setHasScripts(true), [])
  useEffect(() => {
    if (actionData) setHash(actionData.sha256)
  }, [actionData])

  async function choose(file: File | undefined) {
    if (!file) return
    setNote('Computing the SHA-256 of the file in your browser…')
    const computed = await sha256Of(file)
    setHash(computed)
    setNote(`Computed in your browser from “${file.name}”; the file is not sent.`)
    // Sent as computed, not read back from the field (which React may not have rendered yet).
    await submit({ sha256: computed }, { method: 'post' })
  }

  const answer = actionData?.ok ? actionData : null
  return (
    <div className="max-w-3xl space-y-8">
      <PageHeader kicker="Leases" title="Check a lease or inspection PDF">
        <p>
          Find out whether a PDF you hold is a lease or a move-in or move-out inspection signed on Cooper Home, or a version sent for
          signature, exactly as it was.
        </p>
      </PageHeader>

      <Form method="post" className="space-y-5 rounded-xl border border-gray-200 bg-white p-4">
        {hasScripts ? (
          <div className="space-y-1">
            <label htmlFor="lease-file" className="block text-sm font-semibold text-ink">
              The PDF file
            </label>
            <input
              id="lease-file"
              type="file"
              accept="application/pdf,.pdf"
              aria-describedby="lease-file-hint"
              onChange={(event) => void choose(event.currentTarget.files?.[0])}
              className="block w-full text-sm text-ink file:mr-3 file:rounded-lg file:border file:border-gray-400 file:bg-white file:px-3 file:py-2 file:font-semibold file:text-ink"
            />
            <p id="lease-file-hint" className="text-sm text-ink-soft">
              Your browser computes the file’s SHA-256 (its fingerprint) and sends only that, never the file.
            </p>
            <p className="text-sm text-ink-soft" role="status">
              {note}
            </p>
          </div>
        ) : null}
        <TextField
          label={hasScripts ? 'Or paste its SHA-256' : 'The SHA-256 of the PDF'}
          name="sha256"
          id="field-sha256"
          value={hash}
          onChange={(event) => setHash(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          className="font-mono"
          hint={
            <>
              64 characters, e.g. from <code>sha256sum lease.pdf</code> (Linux), <code>shasum -a 256 lease.pdf</code> (Mac) or{' '}
              <code>certutil -hashfile lease.pdf SHA256</code> (Windows). Without JavaScript in your browser, this is the way to check.
            </>
          }
          error={actionData && !actionData.ok ? actionData.fieldErrors.sha256 : undefined}
        />
        <div className="flex items-center gap-3">
          <Button>Check</Button>
          {isChecking ? <PendingNote>Checking…</PendingNote> : null}
        </div>
      </Form>

      <div role="status" aria-live="polite">
        {answer ? <Answer matches={answer.matches} inspection={answer.inspection} /> : null}
      </div>
      {answer ? (
        <p className="text-sm text-ink-soft">
          Checked SHA-256: <code className="font-mono break-all">{answer.sha256}</code>. A file changed in any way, even re-saved, no longer
          matches.
        </p>
      ) : null}

      <p className="text-sm text-ink-soft">
        Nothing else about the lease is shown here; of an inspection, only what its file itself shows. The parties find their leases on
        their{' '}
        <Link to="/leases" className="text-brand-700 underline">
          Leases
        </Link>{' '}
        page.
      </p>
    </div>
  )
}
