// What a browser and assistive technology get from the form kit: each control named by its label,
// marked invalid only with an error, and described by exactly the hint and error that are shown.
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Checkbox } from './checkbox.tsx'
import { CheckboxList, CompactCheckbox, CompactFieldset, CompactSelect, CompactTextField } from './compact-fields.tsx'
import { ErrorSummary, problemsOf } from './error-summary.tsx'
import { Fieldset } from './fieldset.tsx'
import { RadioGroup } from './radio-group.tsx'
import { Select } from './select.tsx'
import { TextField } from './text-field.tsx'

type Element = { tag: string; attributes: Record<string, string>; text: string }

/** Every element of the markup with its attributes and text (what is between its tags, tags removed). */
function elementsOf(html: string): Element[] {
  const elements: Element[] = []
  for (const match of html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/g)) {
    const [whole, tag, rest] = match as unknown as [string, string, string]
    const attributes = Object.fromEntries([...rest.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [name!, value ?? '']))
    const after = html.slice(match.index + whole.length)
    const end = after.indexOf(`</${tag}>`)
    const text = end === -1 ? '' : after.slice(0, end).replace(/<[^>]*>/g, '')
    elements.push({ tag, attributes, text })
  }
  return elements
}

function render(element: ReactElement) {
  const elements = elementsOf(renderToStaticMarkup(element))
  const byId = (id: string) => {
    const found = elements.filter((element) => element.attributes.id === id)
    expect(found, `one element with id ${id}`).toHaveLength(1)
    return found[0]!
  }
  /** The control a label names, found through the label's `for`, as a browser does. */
  const controlLabelled = (label: string) => {
    const labels = elements.filter((element) => element.tag === 'label' && element.text === label)
    expect(labels, `one label "${label}"`).toHaveLength(1)
    return byId(labels[0]!.attributes.for!)
  }
  /** The texts its aria-describedby points at, in order; each id must exist. */
  const descriptionOf = (element: Element) =>
    (element.attributes['aria-describedby'] ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => byId(id).text)
  return { elements, byId, controlLabelled, descriptionOf }
}

describe('TextField', () => {
  it('names the input by its label and describes it by its hint alone while there is no error', () => {
    const page = render(<TextField label="Phone" name="phone" type="tel" hint="Optional." />)
    const input = page.controlLabelled('Phone')
    expect(input).toMatchObject({ tag: 'input', attributes: { id: 'field-phone', name: 'phone', type: 'tel' } })
    expect(input.attributes['aria-invalid']).toBeUndefined()
    expect(page.descriptionOf(input)).toEqual(['Optional.'])
  })

  it('marks the input invalid and describes it by the error it shows, the first of several', () => {
    const page = render(<TextField label="Bio" name="bio" multiline hint="Up to 500 characters." error={['Too long.', 'Not text.']} />)
    const textarea = page.controlLabelled('Bio')
    expect(textarea.tag).toBe('textarea')
    expect(textarea.attributes['aria-invalid']).toBe('true')
    expect(page.descriptionOf(textarea)).toEqual(['!Too long.', 'Up to 500 characters.'])
    expect(page.elements.some((element) => element.text.includes('Not text.'))).toBe(false)
  })

  it('in the large look, uses the name as id so an error summary can link to it, and reads the error as "Error: …"', () => {
    const page = render(
      <TextField look="large" label="Password" name="password" type="password" hint="8 to 128 characters." error="Too short." />,
    )
    const input = page.controlLabelled('Password')
    expect(input.attributes).toMatchObject({ id: 'password', type: 'password', 'aria-invalid': 'true' })
    expect(page.descriptionOf(input)).toEqual(['8 to 128 characters.', 'Error: Too short.'])
  })

  it('in the large look, says the input is valid and has no description without hint or error', () => {
    const page = render(<TextField look="large" label="E-mail" name="email" type="email" error={[]} />)
    const input = page.controlLabelled('E-mail')
    expect(input.attributes['aria-invalid']).toBe('false')
    expect(input.attributes['aria-describedby']).toBeUndefined()
  })

  it('takes focus only when asked (the first field in error after a refusal)', () => {
    const focused = render(<TextField label="Name" name="name" error="Enter your name." takesFocus />)
    expect(focused.controlLabelled('Name').attributes).toHaveProperty('autofocus')
    const unfocused = render(<TextField label="Name" name="name" />)
    expect(unfocused.controlLabelled('Name').attributes).not.toHaveProperty('autofocus')
  })
})

describe('Checkbox', () => {
  it('ties a hint to the checkbox and submits its value', () => {
    const page = render(<Checkbox label="Send read receipts" name="sendReadReceipts" id="send-read-receipts" hint="Others see “Read”." />)
    const box = page.controlLabelled('Send read receipts')
    expect(box.attributes).toMatchObject({ type: 'checkbox', name: 'sendReadReceipts', id: 'send-read-receipts' })
    expect(box.attributes.value).toBeUndefined()
    expect(page.descriptionOf(box)).toEqual(['Others see “Read”.'])
  })

  it('marks the checkbox invalid and points it at its error', () => {
    const page = render(<Checkbox label="I understand." name="understood" tone="danger" error="Tick the box." />)
    const box = page.controlLabelled('I understand.')
    expect(box.attributes['aria-invalid']).toBe('true')
    expect(page.descriptionOf(box)).toEqual(['!Tick the box.'])
  })

  it('in the large look, does the same with the error announced as "Error: …"', () => {
    const page = render(
      <Checkbox look="large" label="I accept the Terms of Use" name="termsVersion" value="2025-01-15" error="Accept the terms." />,
    )
    const box = page.controlLabelled('I accept the Terms of Use')
    expect(box.attributes).toMatchObject({ id: 'termsVersion', value: '2025-01-15', 'aria-invalid': 'true' })
    expect(page.descriptionOf(box)).toEqual(['Error: Accept the terms.'])
  })
})

describe('Select', () => {
  it('names the select by its label and describes it by its error, then its hint', () => {
    const page = render(
      <Select label="Type of home" name="type" hint="Pick one." error="Choose a type.">
        <option value="house">House</option>
      </Select>,
    )
    const select = page.controlLabelled('Type of home')
    expect(select).toMatchObject({ tag: 'select', attributes: { name: 'type', 'aria-invalid': 'true' } })
    expect(page.descriptionOf(select)).toEqual(['!Choose a type.', 'Pick one.'])
  })
})

describe('Fieldset', () => {
  it('gives the group its legend and describes it by its hint and error', () => {
    const page = render(
      <Fieldset legend="Role" id="field-role" hint="Rent or let." error={['Choose one.']}>
        <input type="radio" name="role" value="renter" />
      </Fieldset>,
    )
    const fieldset = page.elements.find((element) => element.tag === 'fieldset')!
    expect(page.elements.find((element) => element.tag === 'legend')?.text).toBe('Role')
    expect(page.descriptionOf(fieldset)).toEqual(['Rent or let.', '!Choose one.'])
  })

  it('describes the group by its hint alone without an error', () => {
    const page = render(
      <Fieldset legend="Role" id="field-role" hint="Rent or let.">
        <input type="radio" name="role" value="renter" />
      </Fieldset>,
    )
    const fieldset = page.elements.find((element) => element.tag === 'fieldset')!
    expect(page.descriptionOf(fieldset)).toEqual(['Rent or let.'])
  })
})

describe('ErrorSummary', () => {
  it('lists the problems in page order, each linking to its field, after any form-level one', () => {
    const problems = problemsOf(
      { password: ['Too short.', 'Too common.'], email: 'Not an address.' },
      ['name', 'email', 'password'],
      'Try again.',
    )
    expect(problems).toEqual([
      { message: 'Try again.' },
      { fieldId: 'email', message: 'Not an address.' },
      { fieldId: 'password', message: 'Too short.' },
    ])
    const page = render(<ErrorSummary problems={problems} />)
    const summary = page.elements[0]!
    expect(summary.attributes).toMatchObject({ tabindex: '-1', 'aria-labelledby': 'error-summary-title' })
    expect(page.byId('error-summary-title').text).toBe('There is a problem')
    expect(page.elements.some((element) => element.attributes.role === 'alert')).toBe(true)
    const links = page.elements.filter((element) => element.tag === 'a').map((link) => [link.attributes.href, link.text])
    expect(links).toEqual([
      ['#email', 'Not an address.'],
      ['#password', 'Too short.'],
    ])
  })

  it('renders nothing without problems', () => {
    expect(renderToStaticMarkup(<ErrorSummary problems={[]} />)).toBe('')
  })
})

describe('the compact look', () => {
  it('names a compact select by its label, without aria-invalid or a description while there is no error', () => {
    const page = render(
      <CompactSelect id="filter-beds" label="Bedrooms" name="beds">
        <option value="">Any</option>
      </CompactSelect>,
    )
    const select = page.controlLabelled('Bedrooms')
    expect(select).toMatchObject({ tag: 'select', attributes: { id: 'filter-beds', name: 'beds' } })
    expect(select.attributes['aria-invalid']).toBeUndefined()
    expect(select.attributes['aria-describedby']).toBeUndefined()
  })

  it('marks a compact select invalid and describes it by its plain error line', () => {
    const page = render(
      <CompactSelect id="filter-beds" label="Bedrooms" name="beds" error={['Pick a number.', 'Other.']}>
        <option value="">Any</option>
      </CompactSelect>,
    )
    const select = page.controlLabelled('Bedrooms')
    expect(select.attributes['aria-invalid']).toBe('true')
    expect(select.attributes['aria-describedby']).toBe('filter-beds-error')
    expect(page.descriptionOf(select)).toEqual(['Pick a number.'])
    expect(page.byId('filter-beds-error').attributes.class).toBe('mt-1 text-sm font-medium text-red-800')
  })

  it('names a compact text field by its (quiet) label and ties its error to it', () => {
    const page = render(<CompactTextField quietLabel id="filter-minPrice" label="Minimum" name="minPrice" type="number" error="Too low." />)
    const input = page.controlLabelled('Minimum')
    expect(input).toMatchObject({
      tag: 'input',
      attributes: { id: 'filter-minPrice', name: 'minPrice', type: 'number', 'aria-invalid': 'true' },
    })
    expect(page.descriptionOf(input)).toEqual(['Too low.'])
    expect(page.elements.find((element) => element.tag === 'label')?.attributes.class).toBe('block text-sm text-ink-soft')
  })

  it('wraps a compact checkbox in its label and ties its error to it by id', () => {
    const page = render(
      <CompactCheckbox id="filter-furnished" name="furnished" value="true" label="Furnished only" error="Not a choice." />,
    )
    const label = page.elements.find((element) => element.tag === 'label')!
    expect(label.text).toBe('Furnished only')
    expect(label.attributes.for).toBeUndefined()
    const input = page.elements.find((element) => element.tag === 'input')!
    expect(input.attributes).toMatchObject({ type: 'checkbox', name: 'furnished', value: 'true', 'aria-invalid': 'true' })
    // The error summary's link for the field lands on the checkbox.
    expect(input.attributes.id).toBe('filter-furnished')
    expect(page.descriptionOf(input)).toEqual(['Not a choice.'])
  })

  it('lists label-wrapped checkboxes under a legend, the group described by its error only when there is one', () => {
    const options = [
      { value: 'cats', label: 'Cats' },
      { value: 'dogs', label: 'Dogs' },
    ]
    const quiet = render(<CheckboxList id="filter-pets" name="pets" legend="Pets allowed" options={options} defaultChecked={['dogs']} />)
    const fieldset = quiet.elements.find((element) => element.tag === 'fieldset')!
    expect(fieldset.attributes['aria-describedby']).toBeUndefined()
    expect(quiet.elements.find((element) => element.tag === 'legend')?.text).toBe('Pets allowed')
    const boxes = quiet.elements.filter((element) => element.tag === 'input')
    expect(boxes.map((box) => [box.attributes.name, box.attributes.value, 'checked' in box.attributes])).toEqual([
      ['pets', 'cats', false],
      ['pets', 'dogs', true],
    ])
    // The list's id is its first checkbox's: an error summary's link for the field lands there.
    expect(boxes.map((box) => box.attributes.id)).toEqual(['filter-pets', undefined])
    expect(quiet.elements.filter((element) => element.tag === 'label').map((label) => label.text)).toEqual(['Cats', 'Dogs'])

    const failed = render(
      <CheckboxList id="filter-pets" name="pets" legend="Pets allowed" options={options} error={['Pick cats or dogs.']} />,
    )
    const group = failed.elements.find((element) => element.tag === 'fieldset')!
    expect(failed.descriptionOf(group)).toEqual(['Pick cats or dogs.'])
    expect(failed.byId('filter-pets-error').tag).toBe('p')
  })

  it("ties a compact question's error to its fieldset", () => {
    const page = render(
      <CompactFieldset id="filter-price" legend="Monthly cost" error="Minimum is above maximum.">
        <input name="minPrice" aria-label="Minimum" />
      </CompactFieldset>,
    )
    const fieldset = page.elements.find((element) => element.tag === 'fieldset')!
    expect(fieldset.attributes['aria-describedby']).toBe('filter-price-error')
    expect(page.descriptionOf(fieldset)).toEqual(['Minimum is above maximum.'])
    expect(page.elements.find((element) => element.tag === 'legend')?.text).toBe('Monthly cost')
  })
})

describe('Fieldset legend class', () => {
  it("keeps the kind's legend look by default and takes another where given", () => {
    const plain = render(
      <Fieldset legend="Pets" id="pets">
        <span />
      </Fieldset>,
    )
    expect(plain.elements.find((element) => element.tag === 'legend')?.attributes.class).toBe('text-sm font-semibold text-ink')
    const own = render(
      <Fieldset legend="Pets" id="pets" legendClassName="font-semibold">
        <span />
      </Fieldset>,
    )
    expect(own.elements.find((element) => element.tag === 'legend')?.attributes.class).toBe('font-semibold')
  })
})

describe('RadioGroup', () => {
  const options = [
    { value: 15, label: '15 minutes' },
    { value: 60, label: '1 hour' },
  ]

  it('puts each radio inside its label, all under one name and the legend, the default chosen', () => {
    const page = render(
      <RadioGroup legend="Mute for" name="minutes" options={options} defaultValue={15} optionsClassName="grid grid-cols-2" />,
    )
    expect(page.elements.find((element) => element.tag === 'legend')?.text).toBe('Mute for')
    const radios = page.elements.filter((element) => element.tag === 'input')
    expect(radios.map((radio) => radio.attributes)).toEqual([
      { type: 'radio', name: 'minutes', value: '15', checked: '' },
      { type: 'radio', name: 'minutes', value: '60' },
    ])
    const labels = page.elements.filter((element) => element.tag === 'label')
    expect(labels.map((label) => label.text)).toEqual(['15 minutes', '1 hour'])
    expect(labels.every((label) => label.attributes.for === undefined)).toBe(true)
    expect(page.elements.some((element) => element.attributes.class === 'grid grid-cols-2')).toBe(true)
  })

  it('chooses nothing without a default and describes the group only by what it shows', () => {
    const bare = render(<RadioGroup legend="Mute for" name="minutes" options={options} />)
    expect(bare.elements.some((element) => 'checked' in element.attributes)).toBe(false)
    expect(bare.elements.find((element) => element.tag === 'fieldset')?.attributes['aria-describedby']).toBeUndefined()

    const page = render(<RadioGroup legend="Mute for" name="minutes" options={options} hint="Pick one." error="Choose a period." />)
    const fieldset = page.elements.find((element) => element.tag === 'fieldset')!
    expect(page.descriptionOf(fieldset)).toEqual(['Pick one.', '!Choose a period.'])
    expect(page.byId('field-minutes-error').text).toBe('!Choose a period.')
  })
})

describe('TextField in the inline look', () => {
  it("names the control by its label, with the form's text size and no wrappers", () => {
    const html = renderToStaticMarkup(<TextField look="inline" multiline label="Reason" id="m-1-reason" name="reason" rows={3} required />)
    expect(html.startsWith('<label for="m-1-reason" class="block font-semibold">')).toBe(true)
    const page = render(<TextField look="inline" multiline label="Reason" id="m-1-reason" name="reason" rows={3} required />)
    const textarea = page.controlLabelled('Reason')
    expect(textarea).toMatchObject({ tag: 'textarea', attributes: { id: 'm-1-reason', name: 'reason', rows: '3', required: '' } })
    expect(textarea.attributes['aria-invalid']).toBeUndefined()
    expect(textarea.attributes['aria-describedby']).toBeUndefined()
    expect(page.elements.some((element) => element.tag === 'div')).toBe(false)
  })

  it('marks the control invalid and describes it by its error', () => {
    const page = render(<TextField look="inline" multiline label="Reason" id="m-1-reason" name="reason" error="Say why." />)
    const textarea = page.controlLabelled('Reason')
    expect(textarea.attributes['aria-invalid']).toBe('true')
    expect(page.descriptionOf(textarea)).toEqual(['!Say why.'])
  })
})
