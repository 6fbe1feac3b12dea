// The profile photo: upload a new one (checked and re-encoded on the server) or remove it.
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { Form } from 'react-router'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { FieldError, Hint, inputClass } from '#app/components/ui/field-parts.tsx'
import { describedBy } from '#app/components/ui/field-ids.ts'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { useFormFeedback, useIsSubmitting } from './fields.tsx'
import { INTENTS, type ProfileFormFailure } from './profile-forms.ts'

/** The same limits as the server's; checked here too so nobody waits for a doomed upload. */
const MAX_PHOTO_BYTES = 5 * 1024 * 1024
const TOO_LARGE_MESSAGE = 'The photo must be 5 MB or smaller.'

export function PhotoForm({
  name,
  avatar,
  canRemove,
  failure,
  removeFailure,
}: {
  name: string
  avatar: string
  canRemove: boolean
  failure?: ProfileFormFailure
  removeFailure?: ProfileFormFailure
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  useFormFeedback(formRef, INTENTS.avatar, failure, { resetOnSuccess: true })
  const isUploading = useIsSubmitting(INTENTS.avatar)
  const isRemoving = useIsSubmitting(INTENTS.removeAvatar)
  const [clientError, setClientError] = useState<string | undefined>()
  const [preview, setPreview] = useState<string | undefined>()

  useEffect(() => {
    if (!preview) return
    return () => URL.revokeObjectURL(preview)
  }, [preview])

  // A new server answer (a refusal or a success) replaces what the browser said before it.
  useEffect(() => {
    if (!isUploading) return
    setClientError(undefined)
  }, [isUploading])

  useEffect(() => {
    if (failure || isUploading) return
    setPreview(undefined)
  }, [failure, isUploading])

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0]
    setClientError(file && file.size > MAX_PHOTO_BYTES ? TOO_LARGE_MESSAGE : undefined)
    setPreview(file && file.size <= MAX_PHOTO_BYTES && file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined)
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const file = inputRef.current?.files?.[0]
    if (file && file.size > MAX_PHOTO_BYTES) {
      event.preventDefault()
      setClientError(TOO_LARGE_MESSAGE)
      inputRef.current?.focus()
    }
  }

  const error = clientError ?? failure?.fieldErrors.photo?.[0]
  const removeError = removeFailure?.formError

  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
      <div className="flex shrink-0 flex-col items-center gap-2">
        {preview ? (
          // eslint-disable-next-line jsx-a11y/img-redundant-alt -- the image is a photo the user chose; the alt says which
          <img src={preview} alt="Preview of the chosen photo" className="size-28 rounded-full object-cover ring-4 ring-brand-100" />
        ) : (
          <LargeAvatar src={avatar} name={name} />
        )}
        {preview ? <span className="text-xs font-medium text-ink-soft">Preview</span> : null}
      </div>

      <div className="min-w-0 flex-1 space-y-4">
        <Form method="post" encType="multipart/form-data" ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
          <input type="hidden" name="intent" value={INTENTS.avatar} />
          <FormAlert id="photo-form-error" message={failure?.formError} />
          <div>
            <label htmlFor="field-photo" className="block text-sm font-semibold text-ink">
              Profile photo
            </label>
            <input
              ref={inputRef}
              id="field-photo"
              name="photo"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              required
              onChange={onChange}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy('field-photo-hint', error && 'field-photo-error')}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- after a refused upload, focus goes to the photo field
              autoFocus={Boolean(failure?.fieldErrors.photo)}
              className={`${inputClass} mt-1.5 cursor-pointer file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-800`}
            />
            <Hint id="field-photo-hint">
              JPEG, PNG or WebP, up to 5 MB. It is cropped to a square, and its camera and location data are removed.
            </Hint>
            <FieldError id="field-photo-error" message={error} />
          </div>
          <div className="flex items-center gap-3">
            <Button type="submit">Upload photo</Button>
            {isUploading ? <PendingNote>Uploading…</PendingNote> : null}
          </div>
        </Form>

        {canRemove ? (
          <Form method="post" className="border-t border-gray-100 pt-4">
            <input type="hidden" name="intent" value={INTENTS.removeAvatar} />
            <FormAlert id="remove-photo-error" message={removeError} />
            <div className="flex items-center gap-3">
              <Button type="submit" variant="quiet">
                Remove photo
              </Button>
              {isRemoving ? <PendingNote>Removing…</PendingNote> : null}
            </div>
          </Form>
        ) : null}
      </div>
    </div>
  )
}

function LargeAvatar({ src, name }: { src: string; name: string }) {
  if (src) {
    // eslint-disable-next-line jsx-a11y/img-redundant-alt -- the image is the user's profile photo; the alt says which
    return <img src={src} alt="Your current photo" className="size-28 rounded-full object-cover ring-4 ring-brand-100" />
  }
  return (
    <span
      role="img"
      aria-label="No photo yet"
      className="inline-flex size-28 items-center justify-center rounded-full bg-brand-700 text-4xl font-bold text-white ring-4 ring-brand-100"
    >
      <span aria-hidden="true">{name.trim().charAt(0).toUpperCase() || '?'}</span>
    </span>
  )
}
