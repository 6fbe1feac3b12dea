import { describe, expect, it } from 'vitest'
import { NOT_MONEY } from './dollars.ts'
import { formFieldErrors, readTermsForm, termsInputOf, withoutBlankRows } from './terms-form.ts'

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return data
}

describe('the lease terms form', () => {
  it('reads rows in index order, drops blank ones, and turns dollars into cents', () => {
    const values = readTermsForm(
      form({
        'tenants.1.name': 'Second Tenant',
        'tenants.1.email': 'second@example.com',
        'tenants.0.name': 'First Tenant',
        'tenants.0.email': 'first@example.com',
        'tenants.2.name': '',
        'tenants.2.email': '',
        rent: '1,850.50',
        deposit: '',
        lateFee: '50',
        'fees.0.label': 'Pet fee',
        'fees.0.amount': '25',
        'fees.0.frequency': 'monthly',
        'utility.water': 'landlord',
        'utility.gas': 'nobody',
        furnished: 'yes',
      }),
    )
    const cleaned = withoutBlankRows(values)
    expect(cleaned.tenants.map((person) => person.name)).toEqual(['First Tenant', 'Second Tenant'])
    const parsed = termsInputOf(cleaned)
    expect(parsed.ok && parsed.input).toMatchObject({
      rentCents: 185050,
      depositCents: 0,
      lateFeeCents: 5000,
      otherFees: [{ label: 'Pet fee', amountCents: 2500, frequency: 'monthly' }],
      utilities: [{ utility: 'water', paidBy: 'landlord' }],
      furnished: true,
    })
  })

  it('refuses money that is not money by its own field, and names the server’s errors by the form’s fields', () => {
    const parsed = termsInputOf(readTermsForm(form({ rent: 'about 1800', 'fees.0.label': 'Parking', 'fees.0.amount': '-5' })))
    expect(parsed.ok ? null : parsed.fieldErrors).toEqual({ rent: [NOT_MONEY], 'fees.0.amount': [NOT_MONEY] })
    expect(formFieldErrors({ depositCents: ['Too much.'], 'otherFees.1.amountCents': ['No.'], 'guarantor.email': ['Bad.'] })).toEqual({
      deposit: ['Too much.'],
      'fees.1.amount': ['No.'],
      guarantorEmail: ['Bad.'],
    })
  })
})
