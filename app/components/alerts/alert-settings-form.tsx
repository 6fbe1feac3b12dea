// The renter's alert settings below their saved searches: the time zone and hour digests arrive at,
// how often they hear of the homes they saved, and, when their address bounced, a way to resume e-mail.
import { Form } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { RadioGroup } from '#app/components/ui/radio-group.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { firstError, type FieldErrors } from '#common/forms.ts'
import type { AlertSettingsView } from '#common/alerts/schemas.ts'
import { INSTANT_FREQUENCY_HINT } from '#common/alerts/limits.ts'
import { FREQUENCY_OPTIONS } from './save-search-form.tsx'

/** The United States' time zones, most people first. */
const US_TIME_ZONES = [
  ['America/New_York', 'Eastern (New York)'],
  ['America/Chicago', 'Central (Chicago)'],
  ['America/Denver', 'Mountain (Denver)'],
  ['America/Phoenix', 'Arizona (Phoenix)'],
  ['America/Los_Angeles', 'Pacific (Los Angeles)'],
  ['America/Anchorage', 'Alaska (Anchorage)'],
  ['Pacific/Honolulu', 'Hawaii (Honolulu)'],
] as const

const hourLabel = (hour: number) => new Date(Date.UTC(2026, 0, 1, hour)).toLocaleTimeString('en-US', { hour: 'numeric', timeZone: 'UTC' })

export function AlertSettingsForm({ settings, errors }: { settings: AlertSettingsView; errors: FieldErrors }) {
  const zones: readonly (readonly [string, string])[] = US_TIME_ZONES.some(([zone]) => zone === settings.timeZone)
    ? US_TIME_ZONES
    : [[settings.timeZone, settings.timeZone], ...US_TIME_ZONES]
  return (
    <div className="space-y-4">
      {settings.bouncedAt ? (
        <div role="status" className="rounded-lg border-2 border-red-700 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">Your address bounced; e-mail alerts are paused.</p>
          <p className="mt-1">Alerts still arrive on the site. Once your mailbox accepts mail again, resume them.</p>
          <Form method="post" action="/searches" className="mt-2">
            <input type="hidden" name="intent" value="resume-emails" />
            <Button variant="secondary">Resume e-mail alerts</Button>
          </Form>
        </div>
      ) : null}
      <Form method="post" action="/searches" className="grid gap-4 md:grid-cols-2">
        <input type="hidden" name="intent" value="alert-settings" />
        <Select label="Your time zone" name="timeZone" defaultValue={settings.timeZone} error={firstError(errors, 'timeZone')}>
          {zones.map(([zone, label]) => (
            <option key={zone} value={zone}>
              {label}
            </option>
          ))}
        </Select>
        <Select
          label="Daily and weekly digests arrive at"
          name="digestHour"
          defaultValue={settings.digestHour}
          hint="Weekly digests arrive on Mondays. Nothing is sent when nothing is new."
          error={firstError(errors, 'digestHour')}
        >
          {Array.from({ length: 24 }, (_, hour) => (
            <option key={hour} value={hour}>
              {hourLabel(hour)}
            </option>
          ))}
        </Select>
        <RadioGroup
          legend="News of the homes you saved (a lower price, leased, no longer listed)"
          name="savedHomesFrequency"
          options={FREQUENCY_OPTIONS}
          defaultValue={settings.savedHomesFrequency}
          hint={INSTANT_FREQUENCY_HINT}
          error={firstError(errors, 'savedHomesFrequency')}
          optionsClassName="mt-2 flex flex-wrap gap-x-5 gap-y-2"
          className="md:col-span-2"
        />
        <div className="md:col-span-2">
          <Button>Save alert settings</Button>
        </div>
      </Form>
    </div>
  )
}
