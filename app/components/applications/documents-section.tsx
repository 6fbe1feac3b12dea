// The applicant's private documents on "My application": each with its kind, size and a link that
// works for a few minutes, a delete button, and the upload form (what it is, and the file).
import { Form, useNavigation } from 'react-router'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import type { DocumentView } from '#common/applications/types.ts'
import { DOCUMENT_KIND_LABELS, DOCUMENT_KINDS } from '#common/applications/vocabulary.ts'
import type { FieldErrors } from '#common/forms.ts'
import { formatBytes, formatWhen } from './format.ts'

const TYPE_NAMES: Record<string, string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' }
export const typeName = (contentType: string) => TYPE_NAMES[contentType] ?? contentType

/** A document's name as a link that opens in a new tab, its kind, type, size and date. */
export function DocumentItem({ document, timeZone }: { document: DocumentView; timeZone?: string }) {
  return (
    <>
      {document.url ? (
        <a href={document.url} target="_blank" rel="noreferrer" className="font-semibold break-all text-brand-700 underline">
          {document.fileName}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <span className="font-semibold break-all text-ink">{document.fileName} (deleted)</span>
      )}
      <p className="text-sm text-ink-soft">
        {DOCUMENT_KIND_LABELS[document.kind]} · {typeName(document.contentType)}, {formatBytes(document.byteSize)} · added{' '}
        {formatWhen(document.createdAt, timeZone)}
      </p>
    </>
  )
}

export function DocumentsSection({ documents, errors, formError }: { documents: DocumentView[]; errors: FieldErrors; formError?: string }) {
  const navigation = useNavigation()
  const isUploading = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'upload'
  return (
    <div className="space-y-5">
      {documents.length === 0 ? (
        <p className="text-ink">No documents yet.</p>
      ) : (
        <ul className="divide-y divide-gray-200 border-y border-gray-200">
          {documents.map((document) => (
            <li key={document.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <DocumentItem document={document} />
              </div>
              <Form method="post">
                <Button variant="quiet" name="intent" value={`delete-document:${document.id}`}>
                  Delete<span className="sr-only"> {document.fileName}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-4 rounded-xl border border-gray-200 p-4"
        aria-labelledby="upload-title"
      >
        <h3 id="upload-title" className="font-bold text-ink">
          Upload a document
        </h3>
        {formError && !errors.kind && !errors.file ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
            {formError}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Select label="What it is" name="kind" id="field-kind" defaultValue="" error={errors.kind}>
            <option value="">Choose</option>
            {DOCUMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {DOCUMENT_KIND_LABELS[kind]}
              </option>
            ))}
          </Select>
          <TextField
            label="File"
            name="file"
            id="field-file"
            type="file"
            accept=".pdf,.jpg,.jpeg,.png"
            hint="PDF, JPEG or PNG, up to 10 MB"
            error={errors.file}
            takesFocus={Boolean(errors.file)}
          />
        </div>
        <div className="flex items-center gap-3">
          <Button name="intent" value="upload" variant="secondary" disabled={isUploading}>
            Upload
          </Button>
          {isUploading ? <PendingNote>Uploading…</PendingNote> : null}
        </div>
      </Form>
    </div>
  )
}
