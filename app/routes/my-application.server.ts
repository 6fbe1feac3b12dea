// The page controller of /userprofile/application ("My application"): the reusable application with
// what is still missing and the applicant's documents, and the page's forms, one intent each: save,
// a row added or removed without JavaScript, a document uploaded or deleted, everything deleted.
import { data } from 'react-router'
import {
  emptyRow,
  inputOfValues,
  ROW_SECTIONS,
  valuesOfFormData,
  valuesOfProfile,
  type ProfileValues,
  type RowSection,
} from '#app/components/applications/profile-values.ts'
import { renterProfileSchema } from '#common/applications/profile.ts'
import { DOCUMENT_KINDS, MAX_DOCUMENT_BYTES } from '#common/applications/vocabulary.ts'
import { errorFor, type FormAnswer } from '#common/forms.ts'
import { parsePositiveId } from '#common/ids.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { deleteRenterProfile, findRenterProfile, saveRenterProfile } from '#server/applications/index.server.ts'
import { deleteDocuments, deleteOwnerDocument, documentLink, listOwnerDocuments, storeDocument } from '#server/documents/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { refusalOf, UNKNOWN_FORM } from '#server/http/route-errors.server.ts'
import { readFormDataWithLimit } from '#server/media/index.server.ts'
import type { Services } from '#server/services.server.ts'

export const MY_APPLICATION_PAGE = '/userprofile/application'

/** A document and the multipart envelope around it. */
const UPLOAD_LIMIT = MAX_DOCUMENT_BYTES + 256 * 1024
const TOO_LARGE = 'The file is larger than 10 MB. Upload a smaller PDF, JPEG or PNG.'
const ACCEPTED_TYPES = ['application/pdf', 'image/jpeg', 'image/png']

/** Which of the page's forms was answered, and the profile form as typed when it is shown again. */
export type MyApplicationAnswer = FormAnswer & { intent: string; values?: ProfileValues; added?: RowSection }

export async function myApplicationPage(services: Services, request: Request) {
  const current = await requireUser(services, request)
  const { db } = services.database
  const [found, documents] = await Promise.all([findRenterProfile(db, current.userId), listOwnerDocuments(db, current.userId)])
  return {
    values: valuesOfProfile(found.profile, { legalName: current.user.displayName, email: current.user.email }),
    hasProfile: found.profile !== null,
    missing: found.profile ? found.missing : null,
    updatedAt: found.updatedAt ? new Date(found.updatedAt).toISOString() : null,
    documents: documents.map((document) => ({
      ...document,
      url: documentLink({ documentId: document.id, readerId: current.userId }),
    })),
  }
}

/** The form drawn again as typed, with a row more or less; `added` names the section whose new row takes focus. */
const redrawn = (values: ProfileValues, added?: RowSection) =>
  data<MyApplicationAnswer>({ ok: false, fieldErrors: {}, intent: 'save', values, ...(added ? { added } : {}) })

export async function myApplicationAction(services: Services, request: Request) {
  const current = await requireUser(services, request)
  let form: FormData
  try {
    form = await readFormDataWithLimit(request, UPLOAD_LIMIT, { message: TOO_LARGE, fieldErrors: errorFor('file', TOO_LARGE) })
  } catch (error) {
    if (isAppError(error)) return refusalOf(error, { intent: 'upload' })
    return refusalOf(new AppError('invalid', 'The form could not be read. Reload the page and try again.'), { intent: 'save' })
  }
  const [intent = '', section = '', index = ''] = String(form.get('intent') ?? '').split(':')
  const userId = current.userId
  try {
    switch (intent) {
      case 'save':
        return await saveProfile(services, userId, valuesOfFormData(form))
      case 'add-row': {
        const values = valuesOfFormData(form)
        if (!isSection(section)) break
        values[section].push(emptyRow(section) as never)
        return redrawn(values, section)
      }
      case 'remove-row': {
        const values = valuesOfFormData(form)
        // A row's index as the page writes it; anything else (words, -1) would remove another row.
        if (!isSection(section) || !/^\d{1,2}$/.test(index)) break
        values[section].splice(Number(index), 1)
        return redrawn(values)
      }
      case 'upload':
        return await uploadDocument(services, userId, form)
      case 'delete-document': {
        const documentId = parsePositiveId(section)
        if (documentId === null) break
        await deleteOwnerDocument(services, { ownerId: userId, documentId })
        return redirectWithToast(`${MY_APPLICATION_PAGE}#documents`, { type: 'success', message: 'The document is deleted.' })
      }
      case 'delete-all':
        if (form.get('confirmed') !== 'yes') {
          const message = 'Tick the box to confirm: this cannot be undone.'
          return refusalOf(new AppError('invalid', message, errorFor('confirmed', message)), { intent })
        }
        await deleteRenterProfile(services, { userId, removeFiles: (ids) => deleteDocuments(services, { ids }) })
        return redirectWithToast(MY_APPLICATION_PAGE, { type: 'success', message: 'Your application and documents are deleted.' })
    }
  } catch (error) {
    if (isAppError(error)) return refusalOf(error, { intent })
    throw error
  }
  return refusalOf(new AppError('invalid', UNKNOWN_FORM), { intent })
}

const isSection = (name: string): name is RowSection => (ROW_SECTIONS as string[]).includes(name)

async function saveProfile(services: Services, userId: string, values: ProfileValues) {
  const { input, fieldErrorsOnForm } = inputOfValues(values)
  const parsed = renterProfileSchema.safeParse(input)
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {}
    const whole: string[] = []
    for (const issue of parsed.error.issues) {
      if (issue.path.length === 0) whole.push(issue.message)
      else (fieldErrors[issue.path.map(String).join('.')] ??= []).push(issue.message)
    }
    const answer: FormAnswer = {
      ok: false,
      fieldErrors: fieldErrorsOnForm(fieldErrors),
      ...(whole.length ? { formError: whole.join(' ') } : {}),
    }
    return refusalOf(answer, { intent: 'save', values })
  }
  try {
    await saveRenterProfile(services, { userId, profile: parsed.data })
  } catch (error) {
    if (!isAppError(error)) throw error
    const placed = new AppError(error.code, error.message, fieldErrorsOnForm(error.fieldErrors ?? {}))
    return refusalOf(placed, { intent: 'save', values })
  }
  return redirectWithToast(MY_APPLICATION_PAGE, { type: 'success', message: 'Your application is saved.' })
}

async function uploadDocument(services: Services, userId: string, form: FormData) {
  const kind = String(form.get('kind') ?? '')
  const file = form.get('file')
  const refuse = (field: string, message: string) =>
    refusalOf(new AppError('invalid', message, errorFor(field, message)), { intent: 'upload' })
  if (!(DOCUMENT_KINDS as readonly string[]).includes(kind)) return refuse('kind', 'Choose what the document is.')
  if (!(file instanceof File) || file.size === 0) return refuse('file', 'Choose a file to upload.')
  if (file.size > MAX_DOCUMENT_BYTES) return refuse('file', TOO_LARGE)
  if (file.type && !ACCEPTED_TYPES.includes(file.type)) return refuse('file', 'Upload a PDF, JPEG or PNG file.')
  const stored = await storeDocument(services, {
    ownerId: userId,
    kind,
    fileName: file.name.slice(0, 200),
    bytes: new Uint8Array(await file.arrayBuffer()),
  })
  // A saved application carries the new document to every application sent from now on.
  const found = await findRenterProfile(services.database.db, userId)
  if (found.profile && !found.profile.documentIds.includes(stored.id)) {
    await saveRenterProfile(services, { userId, profile: { ...found.profile, documentIds: [...found.profile.documentIds, stored.id] } })
  }
  return redirectWithToast(`${MY_APPLICATION_PAGE}#documents`, { type: 'success', message: 'The document is uploaded.' })
}
