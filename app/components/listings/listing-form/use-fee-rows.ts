// The fee rows of the listing form: added and removed in place with JavaScript, each with a stable
// key so React keeps the right inputs; reset by each new answer from the server.
import type { FieldErrors } from '#common/forms.ts'
import { useEffect, useRef, useState } from 'react'
import type { FeeRow, ListingFormValues } from '#common/listings/listing-form.ts'

export type Fee = FeeRow & { key: number }

export function useFeeRows(values: ListingFormValues, serverErrors: FieldErrors) {
  const nextFeeKey = useRef(values.fees.length)
  const [fees, setFees] = useState<Fee[]>(() => values.fees.map((fee, key) => ({ ...fee, key })))

  useEffect(() => {
    setFees(values.fees.map((fee, key) => ({ ...fee, key })))
    nextFeeKey.current = values.fees.length
  }, [serverErrors, values])

  return {
    fees,
    addFee: () => setFees((current) => [...current, { name: '', amount: '', key: nextFeeKey.current++ }]),
    removeFee: (key: number) => setFees((current) => current.filter((row) => row.key !== key)),
  }
}
