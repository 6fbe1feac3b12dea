// The home page's fixed words: what the site promises, its areas and how renting through it works.
import type { ReactNode } from 'react'
import { BookIcon, ChartIcon, ChatIcon, HomeIcon, QuestionIcon } from '#app/components/icons.tsx'

export const promises = [
  {
    title: 'The all-in monthly cost, up front',
    text: 'Every listing shows rent plus every recurring fee the landlord charges, so you can compare homes on what you will really pay.',
  },
  {
    title: 'Listings confirmed available',
    text: 'Landlords confirm their homes are still on the market, and a home comes off the site once it is let.',
  },
  {
    title: 'Talk to landlords directly',
    text: 'Ask about a viewing, pets or parking in a private conversation with the landlord, kept in one inbox.',
  },
  {
    title: 'Our own rent index',
    text: 'The Cooper Index shows how asking rents change month by month in the nation, each state and each city, from the same homes let again, and how sure each figure is.',
  },
] as const

export const areas: { to: string; title: string; text: string; action: string; icon: ReactNode }[] = [
  {
    to: '/properties',
    title: 'Properties',
    text: 'Browse homes to rent and lease, narrow them down by price, size and place, and keep a list of the ones you like.',
    action: 'Browse properties',
    icon: <HomeIcon className="size-6" />,
  },
  {
    to: '/cooper',
    title: 'Cooper Index',
    text: 'See how asking rents move in each area, built from the homes listed on Cooper Home, before you make an offer or set a price.',
    action: 'Open the Cooper Index',
    icon: <ChartIcon className="size-6" />,
  },
  {
    to: '/knowledge',
    title: 'Knowledge Base',
    text: 'Plain-language guides on deposits, leases, listing photos, move-in day and how to spot a rental scam.',
    action: 'Read the guides',
    icon: <BookIcon className="size-6" />,
  },
  {
    to: '/chat',
    title: 'Chat room',
    text: 'Ask questions and share what you have learned with renters and landlords in the community chat room.',
    action: 'Join the chat',
    icon: <ChatIcon className="size-6" />,
  },
  {
    to: '/faq',
    title: 'FAQ',
    text: 'Quick answers about accounts, listings, messages and the costs you see on Cooper Home.',
    action: 'Read the FAQ',
    icon: <QuestionIcon className="size-6" />,
  },
]

export const steps = [
  { title: 'Search', text: 'Look for homes by place and budget, and compare them on their all-in monthly cost.' },
  { title: 'Ask', text: 'Message the landlord with your questions and arrange a viewing in person or by video.' },
  {
    title: 'Decide',
    text: 'Save the homes you like, compare what each costs in all, and keep every conversation with landlords in one inbox.',
  },
] as const
