// The role question, on the sign-up form and the profile: renter, landlord or both, as three cards
// with a radio each (the words pick it, the legend names the group).
import { Fieldset } from '#app/components/ui/fieldset.tsx'
import { ROLE_CHOICES, ROLES } from '#common/accounts/roles.ts'

export function RoleChoice({
  value,
  error,
  takesFocus = false,
  legend = 'Role',
  hint = 'Whether you are here to rent a home, to let homes, or both. You can change it at any time.',
  isStacked = false,
}: {
  /** The role chosen now ('' for none). */
  value: string
  error?: string
  /** After a refusal, the first field in error takes focus. */
  takesFocus?: boolean
  legend?: string
  hint?: string
  /** One card under another at every width (a narrow form); else side by side from small screens up. */
  isStacked?: boolean
}) {
  return (
    <Fieldset legend={legend} id="field-role" hint={hint} error={error}>
      <div className={`mt-2 grid gap-3 ${isStacked ? '' : 'sm:grid-cols-3'}`}>
        {ROLES.map((role, index) => (
          <label
            key={role}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-gray-300 p-4 transition-colors hover:border-brand-600 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-sun-500"
          >
            {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- the focus-after-refusal hook finds the first field in error by its aria-invalid */}
            <input
              type="radio"
              name="role"
              value={role}
              defaultChecked={value === role}
              aria-invalid={error ? true : undefined}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- only the first field in error after a refusal takes focus
              autoFocus={takesFocus && index === 0}
              className="mt-1 size-4 accent-brand-700"
            />
            <span>
              <span className="block font-semibold text-ink">{ROLE_CHOICES[role].label}</span>
              <span className="block text-sm text-ink-soft">{ROLE_CHOICES[role].description}</span>
            </span>
          </label>
        ))}
      </div>
    </Fieldset>
  )
}
