// What /admin/content/:kind/:id (and …/new) loads and does: the editor of one article, FAQ entry,
// terms version or lease template. Its form posts an intent: `save` (create or save, version-checked), `preview`
// (render the Markdown on the server and show the form again: the editor's preview without
// JavaScript), `publish` and `unpublish`. A refusal answers with the form as typed, its status and
// words; a stale save also carries the version saved meanwhile, so the administrator loses nothing.
import { clientAddress } from '#server/accounts/index.server.ts'
import { data } from 'react-router'
import {
  articleFormSchema,
  faqFormSchema,
  formValuesOf,
  formValuesOfSnapshot,
  leaseTemplateFormSchema,
  MARKDOWN_FIELD,
  termsFormSchema,
  type ContentFormValues,
} from '#common/content/admin-forms.ts'
import {
  adminEditPath,
  kindOfSegment,
  KIND_NOUNS,
  type ArticleFeedback,
  type EditableItem,
  type SavedBy,
} from '#common/content/admin-types.ts'
import type { ContentKind } from '#common/content/vocabulary.ts'
import { parseForm, type FormAnswer } from '#common/forms.ts'
import { parsePositiveId } from '#common/ids.ts'
import {
  findArticleFeedback,
  findEditableItem,
  renderContentPreview,
  saveContentItem,
  setPublication,
} from '#server/content/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { LEASE_TEMPLATE_FIELDS } from '#common/leases/template.ts'
import { refusalOf, withPageErrors } from '#server/http/route-errors.server.ts'
import type { Services } from '#server/services.server.ts'
import { requireContentEditor } from './admin-guard.server.ts'

export type EditorPage = {
  kind: ContentKind
  item: Omit<EditableItem, 'snapshot'> | null
  /** Where visitors see it, once public. */
  publicPath: string | null
  status: string
  publishedAt: string | null
  values: ContentFormValues
  previewHtml: string
  /** What readers answered to "Was this helpful?" (articles only). */
  feedback: ArticleFeedback | null
  /** The named fields a lease template may use, with what each is (lease templates only). */
  templateFields: TemplateField[] | null
}

export type TemplateField = { name: string; description: string }

/** The version saved meanwhile, shown beside the administrator's own text after a stale save. */
export type TheirVersion = { version: number; values: ContentFormValues; savedBy: SavedBy | null }

/** The editor shown again: the values, and a refusal (a FormAnswer) or a preview. */
export type EditorAnswer = Partial<FormAnswer> & EditorForm

type EditorForm = {
  values: ContentFormValues
  previewHtml?: string
  /** The version the form is now based on (unchanged unless the administrator chose to keep theirs). */
  baseVersion?: number
  theirs?: TheirVersion
}

const SCHEMAS = { article: articleFormSchema, faq: faqFormSchema, terms: termsFormSchema, lease_template: leaseTemplateFormSchema }

const templateFieldsOf = (kind: ContentKind): TemplateField[] | null =>
  kind === 'lease_template' ? Object.entries(LEASE_TEMPLATE_FIELDS).map(([name, description]) => ({ name, description })) : null

/** The preview of the form's Markdown (a lease template filled in with an example lease). */
const previewOf = (kind: ContentKind, values: ContentFormValues) =>
  renderContentPreview(kind, values[MARKDOWN_FIELD[kind]] ?? '', values.title ?? '')

function publicPathOf(kind: ContentKind, snapshot: EditableItem['snapshot']): string | null {
  const at = (kind === 'terms' ? snapshot.effectiveAt : snapshot.publishedAt) as string | null
  if (kind === 'lease_template' || snapshot.status !== 'published' || !at || new Date(at) > new Date()) return null
  if (kind === 'article') return `/knowledge/${String(snapshot.slug)}`
  if (kind === 'faq') return `/faq#${String(snapshot.slug)}`
  return '/terms'
}

/** The kind and item the address names: a 404 for anything else. */
function addressOf(params: { kind?: string; id?: string }) {
  const kind = kindOfSegment(params.kind)
  const itemId = params.id === 'new' ? undefined : parsePositiveId(params.id)
  if (!kind || itemId === null) throw data('There is no such page.', { status: 404 })
  return { kind, itemId }
}

export async function loadEditor(services: Services, request: Request, params: { kind?: string; id?: string }): Promise<EditorPage> {
  const current = await requireContentEditor(services, request)
  const { kind, itemId } = addressOf(params)
  if (itemId === undefined) {
    const values = formValuesOfSnapshot(kind, null)
    const templateFields = templateFieldsOf(kind)
    return {
      kind,
      item: null,
      publicPath: null,
      status: 'draft',
      publishedAt: null,
      values,
      previewHtml: '',
      feedback: null,
      templateFields,
    }
  }
  const { db } = services.database
  const { snapshot, ...item } = await withPageErrors(() => findEditableItem(db, { viewerId: current.userId, kind, itemId }))
  const feedback = kind === 'article' ? await findArticleFeedback(db, { viewerId: current.userId, articleId: itemId }) : null
  const values = formValuesOfSnapshot(kind, snapshot)
  return {
    kind,
    item,
    publicPath: publicPathOf(kind, snapshot),
    status: String(snapshot.status),
    publishedAt: ((kind === 'terms' ? snapshot.effectiveAt : snapshot.publishedAt) as string | null) ?? null,
    values,
    previewHtml: previewOf(kind, values),
    feedback,
    templateFields: templateFieldsOf(kind),
  }
}

const textOf = (formData: FormData, name: string) => {
  const value = formData.get(name)
  return typeof value === 'string' ? value : ''
}

export async function editorAction(services: Services, request: Request, params: { kind?: string; id?: string }) {
  const current = await requireContentEditor(services, request)
  const { kind, itemId } = addressOf(params)
  const { db } = services.database
  let formData: FormData
  try {
    formData = await request.formData()
  } catch {
    return refusalOf<EditorForm>(new AppError('invalid', 'The form could not be read. Reload the page and try again.'), { values: {} })
  }
  const values = formValuesOf(kind, formData)
  // "Save my version over theirs" is a save that names the version it overwrites, knowingly.
  const intent = formData.has('overwrite') ? 'save' : textOf(formData, 'intent')
  const expectedVersion = parsePositiveId(textOf(formData, 'overwrite')) ?? parsePositiveId(textOf(formData, 'version')) ?? undefined
  const noun = KIND_NOUNS[kind]

  if (intent === 'preview') {
    return data<EditorAnswer>({ values, previewHtml: previewOf(kind, values) })
  }
  try {
    if (intent === 'publish' || intent === 'unpublish') {
      if (itemId === undefined || expectedVersion === undefined) throw data('There is no such page.', { status: 404 })
      await setPublication(db, {
        kind,
        editorId: current.userId,
        itemId,
        expectedVersion,
        publish: intent === 'publish',
        ip: clientAddress(request.headers),
      })
      return redirectWithToast(adminEditPath(kind, itemId), {
        type: 'success',
        message: intent === 'publish' ? `The ${noun} is published.` : `The ${noun} is unpublished: it is a draft again.`,
      })
    }
    if (intent !== 'save') {
      return refusalOf<EditorForm>(new AppError('invalid', 'This button is not one we know. Reload the page and try again.'), { values })
    }
    const parsed = parseForm(SCHEMAS[kind], formData)
    if (!parsed.ok) {
      return refusalOf<EditorForm>({ ...parsed, formError: parsed.formError ?? 'Some fields need attention.' }, { values })
    }
    const saved = await saveContentItem(db, {
      kind,
      editorId: current.userId,
      itemId,
      expectedVersion,
      fields: parsed.data,
      ip: clientAddress(request.headers),
    })
    return redirectWithToast(adminEditPath(kind, saved.id), {
      type: 'success',
      message: itemId === undefined ? `The ${noun} is created (version 1).` : `Saved as version ${saved.version}.`,
    })
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'conflict' && itemId !== undefined) {
      const { snapshot, ...theirs } = await findEditableItem(db, { viewerId: current.userId, kind, itemId })
      const theirValues = formValuesOfSnapshot(kind, snapshot)
      if (intent !== 'save') {
        // Publishing an outdated page changes nothing: the form shows the current version to decide again.
        return refusalOf<EditorForm>(error, { values: theirValues, baseVersion: theirs.version })
      }
      return refusalOf<EditorForm>(error, {
        values,
        baseVersion: expectedVersion,
        theirs: { version: theirs.version, values: theirValues, savedBy: theirs.savedBy },
      })
    }
    if (error.code === 'not-found') throw data(error.message, { status: 404 })
    return refusalOf<EditorForm>(error, { values })
  }
}
