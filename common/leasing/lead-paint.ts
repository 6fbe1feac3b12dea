// The federal lead-based paint disclosure (42 U.S.C. § 4852d): a lease of housing built before 1978
// comes with it. The landlord's listing form notes it now; the online leases will attach it.
import { NOT_LEGAL_ADVICE } from './state-rules.ts'

/** Housing built before this year falls under the disclosure. */
export const LEAD_PAINT_CUTOFF_YEAR = 1978

export const LEAD_PAINT_CITATION = '42 U.S.C. § 4852d'

/** Whether a lease of a home built in this year comes with the disclosure; unknown (null) is not known to. */
export function needsLeadPaintDisclosure(yearBuilt: number | null): boolean {
  return yearBuilt !== null && yearBuilt < LEAD_PAINT_CUTOFF_YEAR
}

export const LEAD_PAINT_NOTE = `Leases of homes built before ${LEAD_PAINT_CUTOFF_YEAR} come with the federal lead-based paint disclosure (${LEAD_PAINT_CITATION}). ${NOT_LEGAL_ADVICE}`
