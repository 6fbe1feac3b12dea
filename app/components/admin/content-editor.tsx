// The editor form of an article, FAQ entry, terms version or lease template, built from the form kit. It carries the
// version it was loaded at, so a save based on an older version is refused; after such a refusal it
// keeps the administrator's text and shows the version saved meanwhile beside it.
import { Form, useNavigation } from 'react-router'
import { CONTENT_FIELD_LABELS, FORM_FIELDS, MARKDOWN_FIELD, type ContentFormValues } from '#common/content/admin-forms.ts'
import { utcTime, type SavedBy } from '#common/content/admin-types.ts'
import { ARTICLE_CATEGORIES, FAQ_TOPICS, type ContentKind } from '#common/content/vocabulary.ts'
import { firstError, formErrorBesideFields, type FieldErrors } from '#common/forms.ts'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { ErrorSummary, type FormProblem } from '#app/components/ui/error-summary.tsx'
import { Fieldset } from '#app/components/ui/fieldset.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { LeaseTemplateFields, TemplateFieldList, type TemplateFieldView } from './lease-template-fields.tsx'
import { MarkdownField } from './markdown-field.tsx'

export type TheirVersionView = { version: number; values: ContentFormValues; savedBy: SavedBy | null }

/** The ids of the inputs an error summary links to (a group's first choice for radios). */
const inputIdOf = (field: string) => (field === 'status' || field === 'when' ? `field-${field}-first` : `field-${field}`)

function problemsOf(kind: ContentKind, fieldErrors: FieldErrors, formError?: string): FormProblem[] {
  const whole = formErrorBesideFields({ fieldErrors, formError })
  const problems: FormProblem[] = whole ? [{ message: whole }] : []
  for (const field of FORM_FIELDS[kind]) {
    const error = firstError(fieldErrors, field)
    if (error) problems.push({ fieldId: inputIdOf(field), message: `${CONTENT_FIELD_LABELS[field]}: ${error}` })
  }
  return problems
}

/** The lease's own parts in the preview: its title, its version line and its table of terms. */
const LEASE_PREVIEW_CLASS =
  '[&_h1]:text-2xl [&_h1]:font-bold [&_.lease-version]:mt-1 [&_.lease-version]:text-sm [&_.lease-version]:text-ink-soft [&_th]:pr-4 [&_th]:align-top'

const STATUS_OPTIONS = [
  { value: 'draft', label: 'Draft — only administrators see it' },
  { value: 'published', label: 'Published' },
]

function StatusChoice({ values, errors }: { values: ContentFormValues; errors: FieldErrors }) {
  return (
    <Fieldset legend="Status" id="field-status" error={firstError(errors, 'status')}>
      <div className="mt-2 space-y-1.5 text-ink">
        {STATUS_OPTIONS.map((option, index) => (
          <label key={option.value} className="flex items-center gap-2">
            <input
              id={index === 0 ? 'field-status-first' : undefined}
              type="radio"
              name="status"
              value={option.value}
              defaultChecked={values.status === option.value}
            />
            {option.label}
          </label>
        ))}
      </div>
    </Fieldset>
  )
}

function Publication({ values, errors }: { values: ContentFormValues; errors: FieldErrors }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <StatusChoice values={values} errors={errors} />
      <Fieldset legend="Publish time" id="field-when" error={firstError(errors, 'when')} hint="A time in the future schedules it.">
        <div className="mt-2 space-y-1.5 text-ink">
          <label className="flex items-center gap-2">
            <input id="field-when-first" type="radio" name="when" value="now" defaultChecked={values.when !== 'at'} />
            Now, when saved as published
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="when" value="at" defaultChecked={values.when === 'at'} />
            At the date and time below
          </label>
        </div>
        <div className="mt-3">
          <TextField
            label={CONTENT_FIELD_LABELS.publishAt!}
            name="publishAt"
            type="datetime-local"
            defaultValue={values.publishAt}
            error={firstError(errors, 'publishAt')}
          />
        </div>
      </Fieldset>
    </div>
  )
}

function KindFields({ kind, values, errors }: { kind: ContentKind; values: ContentFormValues; errors: FieldErrors }) {
  const error = (field: string) => firstError(errors, field)
  const slugHint = 'Lower-case words joined by hyphens, at most 80 characters; it is the address.'
  if (kind === 'article') {
    return (
      <>
        <TextField
          label={CONTENT_FIELD_LABELS.title!}
          name="title"
          defaultValue={values.title}
          error={error('title')}
          maxLength={200}
          required
        />
        <TextField
          label={CONTENT_FIELD_LABELS.slug!}
          name="slug"
          defaultValue={values.slug}
          error={error('slug')}
          hint={`${slugHint} /knowledge/<slug>`}
        />
        <TextField
          multiline
          rows={2}
          label={CONTENT_FIELD_LABELS.summary!}
          name="summary"
          defaultValue={values.summary}
          error={error('summary')}
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <Select label={CONTENT_FIELD_LABELS.category!} name="category" defaultValue={values.category} error={error('category')}>
            {ARTICLE_CATEGORIES.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.label}
              </option>
            ))}
          </Select>
          <TextField
            label={CONTENT_FIELD_LABELS.tags!}
            name="tags"
            defaultValue={values.tags}
            error={error('tags')}
            hint="Separated by commas, like: deposit, move-in."
          />
        </div>
      </>
    )
  }
  if (kind === 'lease_template') return <LeaseTemplateFields values={values} errors={errors} />
  if (kind === 'faq') {
    return (
      <>
        <Select label={CONTENT_FIELD_LABELS.topic!} name="topic" defaultValue={values.topic} error={error('topic')}>
          {FAQ_TOPICS.map((topic) => (
            <option key={topic.slug} value={topic.slug}>
              {topic.label}
            </option>
          ))}
        </Select>
        <TextField label={CONTENT_FIELD_LABELS.question!} name="question" defaultValue={values.question} error={error('question')} />
        <TextField
          label={CONTENT_FIELD_LABELS.slug!}
          name="slug"
          defaultValue={values.slug}
          error={error('slug')}
          hint={`${slugHint} /faq#<slug>`}
        />
        <TextField
          label={CONTENT_FIELD_LABELS.position!}
          name="position"
          inputMode="numeric"
          defaultValue={values.position}
          error={error('position')}
          hint="Smaller numbers come first."
        />
      </>
    )
  }
  return (
    <>
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          label={CONTENT_FIELD_LABELS.label!}
          name="label"
          defaultValue={values.label}
          error={error('label')}
          hint="Usually the date it takes effect, like 2026-01-15."
        />
        <TextField
          label={CONTENT_FIELD_LABELS.effectiveAt!}
          name="effectiveAt"
          type="datetime-local"
          defaultValue={values.effectiveAt}
          error={error('effectiveAt')}
          hint="A time in the future schedules it."
        />
      </div>
      <TextField
        multiline
        rows={3}
        label="Summary of changes"
        name="summary"
        defaultValue={values.summary}
        error={error('summary')}
        hint="Shown to people asked to accept this version."
      />
    </>
  )
}

export function ContentEditor({
  kind,
  values,
  fieldErrors,
  formError,
  previewHtml,
  version,
  theirs,
  templateFields,
}: {
  kind: ContentKind
  values: ContentFormValues
  fieldErrors: FieldErrors
  formError?: string
  previewHtml: string
  /** The version this form is based on; absent for a new item. */
  version?: number
  theirs?: TheirVersionView
  /** The named fields a lease template may use (lease templates only). */
  templateFields?: TemplateFieldView[] | null
}) {
  const isLeaseTemplate = kind === 'lease_template'
  const navigation = useNavigation()
  const isSaving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const markdownField = MARKDOWN_FIELD[kind]
  const problems = problemsOf(kind, fieldErrors, theirs ? undefined : formError)
  return (
    <Form method="post" className="space-y-6" noValidate>
      <ErrorSummary problems={problems} />
      {theirs ? <Conflict kind={kind} message={formError ?? ''} theirs={theirs} /> : null}
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      <KindFields kind={kind} values={values} errors={fieldErrors} />
      <MarkdownField
        // A server-side preview or a reload starts the field afresh with the text it carries.
        key={previewHtml}
        name={markdownField}
        label={CONTENT_FIELD_LABELS[markdownField]!}
        defaultValue={values[markdownField] ?? ''}
        error={firstError(fieldErrors, markdownField)}
        hint={
          isLeaseTemplate
            ? 'Sections with ##, lists with -, fields like {{rent}}. The preview fills them in with an example lease.'
            : 'Headings with ##, lists with -, links as [words](https://…). Raw HTML is shown as text.'
        }
        previewHtml={previewHtml}
        previewLook={kind === 'article' ? 'article' : 'reading'}
        previewKind={isLeaseTemplate ? kind : undefined}
        previewClassName={isLeaseTemplate ? LEASE_PREVIEW_CLASS : ''}
        aside={templateFields ? <TemplateFieldList fields={templateFields} /> : null}
      />
      {kind === 'terms' || isLeaseTemplate ? (
        <StatusChoice values={values} errors={fieldErrors} />
      ) : (
        <Publication values={values} errors={fieldErrors} />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button name="intent" value="save" disabled={isSaving}>
          {version === undefined ? 'Create' : 'Save'}
        </Button>
        <Button name="intent" value="preview" variant="secondary">
          Preview
        </Button>
        {isSaving ? <PendingNote>Saving…</PendingNote> : null}
      </div>
    </Form>
  )
}

/** The refusal of a stale save: their version, read-only, and a deliberate way to save over it. */
function Conflict({ kind, message, theirs }: { kind: ContentKind; message: string; theirs: TheirVersionView }) {
  const markdownField = MARKDOWN_FIELD[kind]
  const shown = FORM_FIELDS[kind].filter((field) => field !== markdownField && field !== 'when')
  return (
    <section aria-labelledby="conflict-title" className="rounded-lg border-2 border-amber-600 bg-amber-50 p-4">
      <h2 id="conflict-title" className="font-semibold text-ink">
        Not saved: someone else saved first
      </h2>
      <p role="alert" className="mt-1 text-ink">
        {message}
      </p>
      <p className="mt-1 text-sm text-ink">
        Your text is still in the form below. Copy what you need from their version
        {theirs.savedBy ? ` (version ${theirs.version}, saved ${utcTime(theirs.savedBy.at)})` : ` (version ${theirs.version})`}, or reload
        the page to start from it.
      </p>
      <details className="mt-3">
        <summary className="cursor-pointer font-semibold text-brand-800">Their version {theirs.version}</summary>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
          {shown.map((field) => (
            <div key={field} className="contents">
              <dt className="font-semibold text-ink">{CONTENT_FIELD_LABELS[field]}</dt>
              <dd className="break-words text-ink">{theirs.values[field] || '—'}</dd>
            </div>
          ))}
          <div className="contents">
            <dt className="font-semibold text-ink">{CONTENT_FIELD_LABELS[markdownField]}</dt>
            <dd>
              <pre className="rounded bg-white p-2 text-xs break-words whitespace-pre-wrap text-ink">{theirs.values[markdownField]}</pre>
            </dd>
          </div>
        </dl>
      </details>
      <p className="mt-3">
        <Button name="overwrite" value={theirs.version} variant="danger">
          Save my version over theirs
        </Button>
      </p>
    </section>
  )
}
