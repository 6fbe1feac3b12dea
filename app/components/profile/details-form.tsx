// Display name, role, bio and phone: how the user appears to landlords, renters and the community.
import { useRef } from 'react'
import { Form } from 'react-router'
import { Button, FieldError, FormAlert, PendingNote, TextField, describedBy, useFormFeedback, useIsSubmitting } from './fields.tsx'
import { BIO_MAX, DISPLAY_NAME_MAX, INTENTS, PHONE_MAX, PROFILE_ROLES, type FormFailure, type ProfileRole } from './profile-forms.ts'

const roleDetails: Record<ProfileRole, { label: string; description: string }> = {
  renter: { label: 'Renter', description: 'I am looking for a home to rent or lease.' },
  landlord: { label: 'Landlord', description: 'I let homes and publish listings.' },
}

const FIELD_ORDER = ['name', 'role', 'bio', 'phone'] as const

export function DetailsForm({
  details,
  failure,
}: {
  details: { name: string; role: string; bio: string; phone: string }
  failure?: FormFailure
}) {
  const formRef = useRef<HTMLFormElement>(null)
  useFormFeedback(formRef, INTENTS.profile, failure)
  const isSubmitting = useIsSubmitting(INTENTS.profile)
  const values = { ...details, ...failure?.values }
  const error = (field: string) => failure?.fieldErrors[field]?.[0]
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
        autoFocus={firstInvalid === 'name'}
        hint="Shown in the navigation while you are signed in, and to people you deal with on Cooper Home."
      />

      <fieldset aria-describedby={describedBy('field-role-hint', roleError && 'field-role-error')}>
        <legend className="text-sm font-semibold text-ink">Role</legend>
        <p id="field-role-hint" className="mt-1 text-sm text-ink-soft">
          Whether you are here to rent a home or to let one. You can change it at any time.
        </p>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {PROFILE_ROLES.map((role, index) => (
            <label
              key={role}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-gray-300 p-4 transition-colors hover:border-brand-600 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-sun-500"
            >
              <input
                type="radio"
                name="role"
                value={role}
                defaultChecked={values.role === role}
                aria-invalid={roleError ? true : undefined}
                autoFocus={firstInvalid === 'role' && index === 0}
                className="mt-1 size-4 accent-brand-700"
              />
              <span>
                <span className="block font-semibold text-ink">{roleDetails[role].label}</span>
                <span className="block text-sm text-ink-soft">{roleDetails[role].description}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id="field-role-error" message={roleError} />
      </fieldset>

      <TextField
        label="Bio"
        name="bio"
        multiline
        rows={4}
        maxLength={BIO_MAX}
        defaultValue={values.bio}
        error={error('bio')}
        autoFocus={firstInvalid === 'bio'}
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
        autoFocus={firstInvalid === 'phone'}
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
