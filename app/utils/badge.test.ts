import { describe, expect, it } from 'vitest'
import { badgeText, titleWithUnread, unreadLabel } from './badge.ts'

describe('badgeText', () => {
  it('hides the badge when nothing is unread', () => {
    expect(badgeText(0)).toBeNull()
    expect(badgeText(-3)).toBeNull()
  })

  it('shows the count from 1 to 99', () => {
    expect(badgeText(1)).toBe('1')
    expect(badgeText(42)).toBe('42')
    expect(badgeText(99)).toBe('99')
  })

  it('caps the count at 99+ above 99', () => {
    expect(badgeText(100)).toBe('99+')
    expect(badgeText(12_345)).toBe('99+')
  })
})

describe('unreadLabel', () => {
  it('reads the count in words for screen readers', () => {
    expect(unreadLabel(0)).toBe('')
    expect(unreadLabel(1)).toBe('1 unread message')
    expect(unreadLabel(3)).toBe('3 unread messages')
    expect(unreadLabel(250)).toBe('More than 99 unread messages')
  })
})

describe('titleWithUnread', () => {
  it('puts the count in front of the title only while something is unread', () => {
    expect(titleWithUnread('Chat room · Cooper Home', 0)).toBe('Chat room · Cooper Home')
    expect(titleWithUnread('Chat room · Cooper Home', 3)).toBe('(3) Chat room · Cooper Home')
    expect(titleWithUnread('Home · Cooper Home', 150)).toBe('(99+) Home · Cooper Home')
  })

  it('replaces an earlier count instead of adding a second one', () => {
    expect(titleWithUnread('(3) Home · Cooper Home', 4)).toBe('(4) Home · Cooper Home')
    expect(titleWithUnread('(99+) Home · Cooper Home', 0)).toBe('Home · Cooper Home')
  })
})
