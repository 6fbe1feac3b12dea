// Display name, role, bio and phone: how the user appears to landlords, renters and the community.
import { useRef } from 'react'
import { Form } from 'react-router'
import { firstError } from '#common/forms.ts'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { useFormFeedback, useIsSubmitting } from './fields.tsx'
import { RoleChoice } from './role-choice.tsx'
import { BIO_MAX, DISPLAY_NAME_MAX, INTENTS, PHONE_MAX, type ProfileFormFailure } from './profile-forms.ts'

const FIELD_ORDER = ['name', 'role', 'bio', 'phone'] as const

export function DetailsForm({
  details,
  failure,
}: {
  details: { name: string; role: string; bio: string; phone: string }
  failure?: ProfileFormFailure
}) {
  const formRef = useRef<HTMLFormElement>(null)
  useFormFeedback(formRef, INTENTS.profile, failure)
  const isSubmitting = useIsSubmitting(INTENTS.profile)
  const values = { ...details, ...failure?.values }
  const error = (field: string) => firstError(failure?.fieldErrors, field)
  const firstInvalid = FIELD_ORDER.find((field) => error(field))
  const roleError = error('role')

  return (
    <Form method="post" ref={formRef} noValidate className="space-y-6">
      <input type="hidden" name="intent" value={INTENTS.profile} />
      <FormAlert id="profile-form-error" message={failure?.formError} />

      <TextField
        label="Display name"
        name="name"
        autoComplete="name"
        required
        maxLength={DISPLAY_NAME_MAX}
        defaultValue={values.name}
        error={error('name')}
        takesFocus={firstInvalid === 'name'}
        hint="Shown in the navigation while you are signed in, and to people you deal with on Cooper Home."
      />

      <RoleChoice value={values.role} error={roleError} takesFocus={firstInvalid === 'role'} />

      <TextField
        label="Bio"
        name="bio"
        multiline
        rows={4}
        maxLength={BIO_MAX}
        defaultValue={values.bio}
        error={error('bio')}
        takesFocus={firstInvalid === 'bio'}
        hint={`A few words about yourself or the homes you let. Up to ${BIO_MAX} characters; optional.`}
      />

      <TextField
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={PHONE_MAX}
        defaultValue={values.phone}
        error={error('phone')}
        takesFocus={firstInvalid === 'phone'}
        hint="Optional. For example +1 (302) 555-0142."
        className="sm:max-w-xs"
      />

      <div className="flex items-center gap-3">
        <Button type="submit">Save profile</Button>
        {isSubmitting ? <PendingNote>Saving…</PendingNote> : null}
      </div>
    </Form>
  )
}
