// The application as it was sent: the copy of "My application" it carries, section by section, so the
// landlord reads what the renter sent even if the renter changes their application later.
import type { ReactNode } from 'react'
import type { RenterProfile } from '#common/applications/profile.ts'
import { formatCents } from '#app/utils/format.ts'
import { stateName } from '#common/cooper/states.ts'
import { formatMonth } from './format.ts'

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="font-bold text-ink">{title}</h3>
      <div className="mt-2 text-sm text-ink">{children}</div>
    </div>
  )
}

const none = <p className="text-ink-soft">None given.</p>

const joined = (...parts: (string | null | false | undefined)[]) => parts.filter(Boolean).join(' · ')

export function Snapshot({ profile }: { profile: RenterProfile }) {
  return (
    <div className="space-y-6">
      <Part title="About the applicant">
        <p className="font-semibold">{profile.legalName}</p>
        <p className="break-all">{profile.email}</p>
        <p>{profile.phone}</p>
      </Part>
      <Part title="Where they have lived">
        <ol className="space-y-3">
          {profile.addresses.map((address, index) => (
            <li key={index}>
              <p className="font-semibold">
                {address.street}, {address.city}, {stateName(address.state)} {address.postalCode}
              </p>
              <p className="text-ink-soft">
                {formatMonth(address.from)} – {address.to ? formatMonth(address.to) : 'now'}
                {address.monthlyRentCents !== null ? ` · ${formatCents(address.monthlyRentCents)} a month` : ''}
              </p>
              <p>
                {address.landlordName ? (
                  <>Landlord: {joined(address.landlordName, address.landlordPhone, address.landlordEmail)}</>
                ) : (
                  <span className="text-ink-soft">No landlord reference</span>
                )}
              </p>
            </li>
          ))}
        </ol>
      </Part>
      <Part title="Employment">
        {profile.employment.length === 0 ? (
          none
        ) : (
          <ul className="space-y-2">
            {profile.employment.map((job, index) => (
              <li key={index}>
                <p className="font-semibold">{joined(job.employer, job.position)}</p>
                <p>
                  Since {formatMonth(job.from)} · {formatCents(job.monthlyIncomeCents)} a month
                </p>
                {job.contactName ? <p className="text-ink-soft">Contact: {joined(job.contactName, job.contactPhone)}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </Part>
      <Part title="Other income">
        {profile.otherIncome.length === 0 ? (
          none
        ) : (
          <ul className="space-y-1">
            {profile.otherIncome.map((income, index) => (
              <li key={index}>
                {income.source}: {formatCents(income.monthlyCents)} a month
              </li>
            ))}
          </ul>
        )}
      </Part>
      <Part title="Who else will live there">
        {profile.occupants.length === 0 ? (
          <p className="text-ink-soft">Nobody else.</p>
        ) : (
          <ul className="space-y-1">
            {profile.occupants.map((person, index) => (
              <li key={index}>
                {person.name} ({person.adult ? 'adult' : 'child'})
              </li>
            ))}
          </ul>
        )}
      </Part>
      <Part title="Pets">
        {profile.pets.length === 0 ? (
          none
        ) : (
          <ul className="space-y-1">
            {profile.pets.map((pet, index) => (
              <li key={index}>{joined(`${pet.size.charAt(0).toUpperCase()}${pet.size.slice(1)} ${pet.kind}`, pet.description)}</li>
            ))}
          </ul>
        )}
      </Part>
      <Part title="Vehicles">
        {profile.vehicles.length === 0 ? (
          none
        ) : (
          <ul className="space-y-1">
            {profile.vehicles.map((vehicle, index) => (
              <li key={index}>{joined(vehicle.description, vehicle.plate && `plate ${vehicle.plate}`)}</li>
            ))}
          </ul>
        )}
      </Part>
      <Part title="Emergency contact">
        <p>{joined(profile.emergencyContact.name, profile.emergencyContact.relationship, profile.emergencyContact.phone)}</p>
      </Part>
    </div>
  )
}
