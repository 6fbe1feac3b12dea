// Display name, role, bio and phone: how the user appears to landlords, renters and the community.
import { useRef } from 'react'
import { Form } from 'react-router'
import { firstError } from '#common/forms.ts'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { Fieldset } from '#app/components/ui/fieldset.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { useFormFeedback, useIsSubmitting } from './fields.tsx'
import { BIO_MAX, DISPLAY_NAME_MAX, INTENTS, PHONE_MAX, PROFILE_ROLES, type ProfileFormFailure, type ProfileRole } from './profile-forms.ts'

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

      <Fieldset
        legend="Role"
        id="field-role"
        hint="Whether you are here to rent a home or to let one. You can change it at any time."
        error={roleError}
      >
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {PROFILE_ROLES.map((role, index) => (
            <label
              key={role}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-gray-300 p-4 transition-colors hover:border-brand-600 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-sun-500"
            >
              {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- the focus-after-refusal hook finds the first field in error by its aria-invalid */}
              <input
                type="radio"
                name="role"
                value={role}
                defaultChecked={values.role === role}
                aria-invalid={roleError ? true : undefined}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- only the first field in error after a refusal takes focus
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
      </Fieldset>

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
