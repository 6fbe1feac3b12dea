// The lease template's own parts of the content editor: its label, title and summary of changes, and
// the list of named fields its text may use, shown beside the text.
import { CONTENT_FIELD_LABELS, type ContentFormValues } from '#common/content/admin-forms.ts'
import { firstError, type FieldErrors } from '#common/forms.ts'
import { TextField } from '#app/components/ui/text-field.tsx'

export type TemplateFieldView = { name: string; description: string }

export function LeaseTemplateFields({ values, errors }: { values: ContentFormValues; errors: FieldErrors }) {
  return (
    <>
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          label={CONTENT_FIELD_LABELS.label!}
          name="label"
          defaultValue={values.label}
          error={firstError(errors, 'label')}
          hint="Usually the date it was written, like 2026-11-29."
        />
        <TextField
          label={CONTENT_FIELD_LABELS.title!}
          name="title"
          defaultValue={values.title}
          error={firstError(errors, 'title')}
          maxLength={200}
          hint="The heading of every lease written from it."
        />
      </div>
      <TextField
        multiline
        rows={3}
        label="Summary of changes"
        name="summary"
        defaultValue={values.summary}
        error={firstError(errors, 'summary')}
        hint="What changed from the template before, for the administrators who read its revisions."
      />
    </>
  )
}

/** The named fields, each as it is typed in the text and what a lease fills in for it. */
export function TemplateFieldList({ fields }: { fields: TemplateFieldView[] }) {
  return (
    <details open className="rounded-lg border border-gray-200 bg-white p-3 text-sm" data-testid="template-fields">
      <summary className="cursor-pointer font-semibold text-ink">Fields you can use ({fields.length})</summary>
      <p className="mt-2 text-ink-soft">
        Type a field in double braces where its value goes. A block field stands alone on its own line and becomes a table, a list or
        sections. Any other name is refused when you save.
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1.5 sm:grid-cols-[auto_minmax(0,1fr)]">
        {fields.map((field) => (
          <div key={field.name} className="contents">
            <dt>
              <code className="rounded bg-gray-100 px-1 text-ink">{`{{${field.name}}}`}</code>
            </dt>
            <dd className="text-ink-soft">{field.description}</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}
