// What a result card shows of a listing beyond the columns search reads (its title, offer terms,
// amenities as written, the times as the database gives them, the first ready photo), kept per slot
// beside the index so a page of results is answered from memory. Numbers live in typed arrays (-1 for
// none); strings that repeat across listings (place spellings, amenity lists, photo widths) are kept
// once each.

import type { PhotoRow } from '#common/listings/photos.ts'
import type { CardFields } from './indexed-columns.ts'
import { grown as grownTo, type GrowableArray } from './typed-arrays.ts'

/** Strings kept once each, by number. */
class Interned<T> {
  private readonly ids = new Map<string, number>()
  readonly values: T[] = []

  idOf(key: string, value: T): number {
    let id = this.ids.get(key)
    if (id === undefined) {
      id = this.values.length
      this.ids.set(key, id)
      this.values.push(value)
    }
    return id
  }
}

const NONE = -1
const INITIAL_CAPACITY = 1024

const orNone = (value: number | null) => value ?? NONE
const orNull = (value: number) => (value === NONE ? null : value)

export class CardColumns {
  private capacity = INITIAL_CAPACITY
  private readonly titles: string[] = []
  private cityNames = new Int32Array(INITIAL_CAPACITY)
  private neighborhoodNames = new Int32Array(INITIAL_CAPACITY)
  private monthlyRent = new Int32Array(INITIAL_CAPACITY)
  private minTerm = new Int32Array(INITIAL_CAPACITY)
  private deposit = new Int32Array(INITIAL_CAPACITY)
  private nightly = new Int32Array(INITIAL_CAPACITY)
  private minNights = new Int32Array(INITIAL_CAPACITY)
  private amenityLists = new Int32Array(INITIAL_CAPACITY)
  private createdMs = new Float64Array(INITIAL_CAPACITY)
  private confirmedMs = new Float64Array(INITIAL_CAPACITY)
  private photoIds = new Float64Array(INITIAL_CAPACITY)
  private photoWidths = new Int32Array(INITIAL_CAPACITY)
  private photoHeights = new Int32Array(INITIAL_CAPACITY)
  private photoWidthLists = new Int32Array(INITIAL_CAPACITY)
  private readonly photoTexts: (readonly [altText: string, storageKey: string, placeholder: string | null] | null)[] = []
  private readonly names = new Interned<string>()
  private readonly amenities = new Interned<readonly string[]>()
  private readonly widthLists = new Interned<readonly number[]>()

  private grow(): void {
    const capacity = this.capacity * 2
    const grown = <T extends GrowableArray>(array: T) => grownTo(array, capacity)
    this.cityNames = grown(this.cityNames)
    this.neighborhoodNames = grown(this.neighborhoodNames)
    this.monthlyRent = grown(this.monthlyRent)
    this.minTerm = grown(this.minTerm)
    this.deposit = grown(this.deposit)
    this.nightly = grown(this.nightly)
    this.minNights = grown(this.minNights)
    this.amenityLists = grown(this.amenityLists)
    this.createdMs = grown(this.createdMs)
    this.confirmedMs = grown(this.confirmedMs)
    this.photoIds = grown(this.photoIds)
    this.photoWidths = grown(this.photoWidths)
    this.photoHeights = grown(this.photoHeights)
    this.photoWidthLists = grown(this.photoWidthLists)
    this.capacity = capacity
  }

  /** Keeps the card of the listing in `slot` (slots come in order: the next one, or one already kept). */
  set(slot: number, card: CardFields): void {
    while (slot >= this.capacity) this.grow()
    this.titles[slot] = card.title
    this.cityNames[slot] = this.names.idOf(card.cityName, card.cityName)
    this.neighborhoodNames[slot] = this.names.idOf(card.neighborhoodName, card.neighborhoodName)
    this.monthlyRent[slot] = orNone(card.monthlyRentCents)
    this.minTerm[slot] = orNone(card.minTermMonths)
    this.deposit[slot] = orNone(card.depositCents)
    this.nightly[slot] = orNone(card.nightlyCents)
    this.minNights[slot] = orNone(card.minNights)
    this.amenityLists[slot] = this.amenities.idOf(card.amenities.join(','), [...card.amenities])
    this.createdMs[slot] = card.createdMs
    this.confirmedMs[slot] = card.confirmedMs
    const photo = card.photo
    this.photoIds[slot] = photo ? photo.id : NONE
    this.photoWidths[slot] = orNone(photo?.width ?? null)
    this.photoHeights[slot] = orNone(photo?.height ?? null)
    this.photoWidthLists[slot] = photo ? this.widthLists.idOf(photo.variantWidths.join(','), [...photo.variantWidths]) : NONE
    this.photoTexts[slot] = photo ? [photo.altText, photo.storageKey, photo.placeholder] : null
  }

  /** Lets go of the strings of a slot no longer indexed. */
  clear(slot: number): void {
    this.titles[slot] = ''
    this.photoTexts[slot] = null
  }

  /** The card kept for `slot`. */
  get(slot: number): CardFields {
    const texts = this.photoTexts[slot]
    const photo: PhotoRow | null = texts
      ? {
          id: this.photoIds[slot]!,
          altText: texts[0],
          storageKey: texts[1],
          width: orNull(this.photoWidths[slot]!),
          height: orNull(this.photoHeights[slot]!),
          placeholder: texts[2],
          variantWidths: [...this.widthLists.values[this.photoWidthLists[slot]!]!],
        }
      : null
    return {
      title: this.titles[slot]!,
      cityName: this.names.values[this.cityNames[slot]!]!,
      neighborhoodName: this.names.values[this.neighborhoodNames[slot]!]!,
      monthlyRentCents: orNull(this.monthlyRent[slot]!),
      minTermMonths: orNull(this.minTerm[slot]!),
      depositCents: orNull(this.deposit[slot]!),
      nightlyCents: orNull(this.nightly[slot]!),
      minNights: orNull(this.minNights[slot]!),
      amenities: [...this.amenities.values[this.amenityLists[slot]!]!],
      createdMs: this.createdMs[slot]!,
      confirmedMs: this.confirmedMs[slot]!,
      photo,
    }
  }

  /** Bytes held, roughly (strings at about a byte a character). */
  bytes(): number {
    let strings = 0
    for (const title of this.titles) strings += 16 + title.length
    for (const texts of this.photoTexts) if (texts) strings += 64 + texts[0].length + texts[1].length + (texts[2]?.length ?? 0)
    return this.capacity * (4 * 11 + 8 * 3) + (this.titles.length + this.photoTexts.length) * 8 + strings
  }
}
