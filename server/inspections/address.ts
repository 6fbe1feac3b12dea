// The address of a lease's home, from the premises the lease recorded when it was drafted.
type Premises = { street?: string; unit?: string; city?: string; state?: string; zip?: string }

export function addressOf(premises: unknown): string {
  const { street = '', unit = '', city = '', state = '', zip = '' } = (premises ?? {}) as Premises
  return `${unit ? `${street}, ${unit}` : street}, ${city}, ${state} ${zip}`
}
