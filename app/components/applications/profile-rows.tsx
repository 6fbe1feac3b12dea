// The repeatable parts of "My application": addresses, jobs, other income, the people who will live
// there, pets and vehicles. Each row is a group of fields named `<section>.<row>.<field>`; "Add
// another …" and "Remove" are submit buttons the server answers with the form drawn again, so rows
// come and go without JavaScript.
import type { ReactNode } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Fieldset } from '#app/components/ui/fieldset.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { US_STATE_NAMES } from '#common/cooper/states.ts'
import { PET_KINDS, PET_SIZES } from '#common/applications/vocabulary.ts'
import type { FieldErrors } from '#common/forms.ts'
import type { ProfileValues, RowSection } from './profile-values.ts'

type RowProps = { values: ProfileValues; errors: FieldErrors; focusSection?: RowSection }

const SINGULAR: Record<RowSection, string> = {
  addresses: 'address',
  employment: 'job',
  otherIncome: 'source of income',
  occupants: 'person',
  pets: 'pet',
  vehicles: 'vehicle',
}

/** A field of a row: its name is its dotted path, its id `field-<path>`, its error the path's. */
function fieldOf(section: RowSection, index: number, errors: FieldErrors) {
  return (field: string) => {
    const name = `${section}.${index}.${field}`
    return { name, error: errors[name] }
  }
}

function Rows({
  section,
  values,
  errors,
  focusSection,
  legend,
  hint,
  rowLegend,
  children,
  minimum = 0,
}: RowProps & {
  section: RowSection
  legend: string
  hint?: ReactNode
  rowLegend: (index: number) => string
  children: (index: number, field: ReturnType<typeof fieldOf>, takesFocus: boolean) => ReactNode
  minimum?: number
}) {
  const rows = values[section]
  return (
    <Fieldset legend={legend} id={`field-${section}`} hint={hint} error={errors[section]} kind="group" className="space-y-4">
      {rows.length === 0 ? <p className="text-sm text-ink-soft">None given.</p> : null}
      {rows.map((_, index) => (
        <Fieldset
          key={index}
          legend={rowLegend(index)}
          id={`field-${section}.${index}`}
          error={errors[`${section}.${index}`]}
          className="space-y-3 rounded-xl border border-gray-200 p-4"
          legendClassName="px-1 text-sm font-bold text-ink"
        >
          <div className="grid gap-3 sm:grid-cols-2">
            {children(index, fieldOf(section, index, errors), focusSection === section && index === rows.length - 1)}
          </div>
          {rows.length > minimum ? (
            <Button variant="quiet" name="intent" value={`remove-row:${section}:${index}`} formNoValidate>
              Remove{' '}
              {rowLegend(index)
                .replace(/ \(.*\)$/, '')
                .toLowerCase()}
            </Button>
          ) : null}
        </Fieldset>
      ))}
      {rows.length < 10 ? (
        <Button variant="secondary" name="intent" value={`add-row:${section}`} formNoValidate>
          Add {rows.length === 0 ? (SINGULAR[section] === 'address' ? 'an' : 'a') : 'another'} {SINGULAR[section]}
        </Button>
      ) : null}
    </Fieldset>
  )
}

export function AddressRows(props: RowProps) {
  const rows = props.values.addresses
  return (
    <Rows
      {...props}
      section="addresses"
      legend="Where you have lived"
      hint="Every address for the last 3 years, your current one first, with the landlord who can give a reference. Leave “Moved out” empty for where you live now."
      rowLegend={(index) => (index === 0 ? 'Address 1 (current)' : `Address ${index + 1}`)}
      minimum={1}
    >
      {(index, field, takesFocus) => {
        const row = rows[index]!
        return (
          <>
            <div className="sm:col-span-2">
              <TextField label="Street address" {...field('street')} defaultValue={row.street} autoComplete="off" takesFocus={takesFocus} />
            </div>
            <TextField label="City" {...field('city')} defaultValue={row.city} />
            <Select label="State" {...field('state')} defaultValue={row.state}>
              <option value="">Choose the state</option>
              {Object.entries(US_STATE_NAMES).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </Select>
            <TextField label="ZIP code" {...field('postalCode')} defaultValue={row.postalCode} inputMode="numeric" maxLength={5} />
            <TextField
              label="Monthly rent in dollars (optional)"
              {...field('monthlyRent')}
              defaultValue={row.monthlyRent}
              inputMode="decimal"
            />
            <TextField label="Moved in" {...field('from')} type="month" defaultValue={row.from} hint="Month and year, e.g. 2023-06" />
            <TextField label="Moved out" {...field('to')} type="month" defaultValue={row.to} hint="Empty for your current address" />
            <TextField label="Landlord’s name" {...field('landlordName')} defaultValue={row.landlordName} />
            <TextField label="Landlord’s phone" {...field('landlordPhone')} defaultValue={row.landlordPhone} type="tel" />
            <div className="sm:col-span-2">
              <TextField label="Landlord’s e-mail" {...field('landlordEmail')} defaultValue={row.landlordEmail} type="email" />
            </div>
          </>
        )
      }}
    </Rows>
  )
}

export function EmploymentRows(props: RowProps) {
  const rows = props.values.employment
  return (
    <Rows {...props} section="employment" legend="Employment" rowLegend={(index) => `Job ${index + 1}`}>
      {(index, field, takesFocus) => {
        const row = rows[index]!
        return (
          <>
            <TextField label="Employer" {...field('employer')} defaultValue={row.employer} takesFocus={takesFocus} />
            <TextField label="Position (optional)" {...field('position')} defaultValue={row.position} />
            <TextField label="Since" {...field('from')} type="month" defaultValue={row.from} hint="Month and year, e.g. 2022-09" />
            <TextField
              label="Monthly income in dollars"
              {...field('monthlyIncome')}
              defaultValue={row.monthlyIncome}
              inputMode="decimal"
              hint="Before tax"
            />
            <TextField label="Contact at work (optional)" {...field('contactName')} defaultValue={row.contactName} />
            <TextField label="Contact’s phone (optional)" {...field('contactPhone')} defaultValue={row.contactPhone} type="tel" />
          </>
        )
      }}
    </Rows>
  )
}

export function OtherIncomeRows(props: RowProps) {
  const rows = props.values.otherIncome
  return (
    <Rows
      {...props}
      section="otherIncome"
      legend="Other income"
      hint="A housing voucher (Housing Choice Voucher, Section 8) counts as income: give the part of the rent it pays each month. So do a pension, benefits or child support."
      rowLegend={(index) => `Income ${index + 1}`}
    >
      {(index, field, takesFocus) => {
        const row = rows[index]!
        return (
          <>
            <TextField label="Source" {...field('source')} defaultValue={row.source} takesFocus={takesFocus} />
            <TextField label="Monthly amount in dollars" {...field('monthly')} defaultValue={row.monthly} inputMode="decimal" />
          </>
        )
      }}
    </Rows>
  )
}

export function OccupantRows(props: RowProps) {
  const rows = props.values.occupants
  return (
    <Rows
      {...props}
      section="occupants"
      legend="Who else will live there"
      hint="Everyone besides you who will live in the home."
      rowLegend={(index) => `Person ${index + 1}`}
    >
      {(index, field, takesFocus) => {
        const row = rows[index]!
        return (
          <>
            <TextField label="Name" {...field('name')} defaultValue={row.name} takesFocus={takesFocus} />
            <Select label="Adult (18 or over)" {...field('adult')} defaultValue={row.adult}>
              <option value="yes">Yes</option>
              <option value="no">No</option>
            </Select>
          </>
        )
      }}
    </Rows>
  )
}

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`

export function PetRows(props: RowProps) {
  const rows = props.values.pets
  return (
    <Rows
      {...props}
      section="pets"
      legend="Pets"
      hint="Assistance animals are not pets: you need not list them here."
      rowLegend={(index) => `Pet ${index + 1}`}
    >
      {(index, field, takesFocus) => {
        const row = rows[index]!
        return (
          <>
            <Select label="Kind" {...field('kind')} defaultValue={row.kind} takesFocus={takesFocus}>
              <option value="">Choose</option>
              {PET_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {capitalised(kind)}
                </option>
              ))}
            </Select>
            <Select label="Size" {...field('size')} defaultValue={row.size}>
              <option value="">Choose</option>
              {PET_SIZES.map((size) => (
                <option key={size} value={size}>
                  {capitalised(size)}
                </option>
              ))}
            </Select>
            <div className="sm:col-span-2">
              <TextField
                label="Description (optional)"
                {...field('description')}
                defaultValue={row.description}
                hint="e.g. 4-year-old beagle"
              />
            </div>
          </>
        )
      }}
    </Rows>
  )
}

export function VehicleRows(props: RowProps) {
  const rows = props.values.vehicles
  return (
    <Rows {...props} section="vehicles" legend="Vehicles" rowLegend={(index) => `Vehicle ${index + 1}`}>
      {(index, field, takesFocus) => {
        const row = rows[index]!
        return (
          <>
            <TextField
              label="Vehicle"
              {...field('description')}
              defaultValue={row.description}
              hint="Make, model and colour"
              takesFocus={takesFocus}
            />
            <TextField label="Plate (optional)" {...field('plate')} defaultValue={row.plate} />
          </>
        )
      }}
    </Rows>
  )
}
