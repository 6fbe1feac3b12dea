// The knowledge base's first articles, in Markdown, published by the demo seed (server/seed/articles.server.ts).
import { siteConfig } from '#common/site-config.ts'
import type { SeedArticle } from './types.ts'

export const seedArticles: readonly SeedArticle[] = [
  {
    slug: 'how-to-read-an-all-in-monthly-cost',
    title: 'How to read an all-in monthly cost',
    summary:
      'The advertised rent is rarely what leaves your account each month. Here is what goes into the all-in figure we show on every listing, and how to compare homes fairly.',
    category: 'renting-basics',
    tags: ['monthly cost', 'fees', 'budgeting', 'comparing listings'],
    publishedOn: '2025-01-06',
    body: `The rent in a listing headline is only one part of what a home costs you each month. Parking, pet rent, trash and water charges, required renter's insurance and amenity fees can add a noticeable amount on top, and they are often listed in small print or only mentioned at the showing.

## What the all-in figure includes

On Cooper Home every listing shows an **all-in monthly cost** next to the base rent. It is the base rent plus every recurring charge the landlord has told us about: fees you pay every month whether or not you use the service, such as a mandatory amenity fee or a flat utility charge. Optional extras, such as a second parking space, are listed separately so you can add them yourself.

## What it leaves out

One-time costs are not part of the monthly figure. Application fees, holding deposits, the security deposit and move-in fees are listed in their own section of the listing, because they matter for the cash you need on the day you sign, not for your monthly budget.

Some costs depend on how you live and cannot be known in advance, such as electricity, gas, internet or metered water. When a listing says a utility is paid by the tenant, ask the landlord what recent tenants have typically paid, and ask the utility company too: many will quote the average bill for an address.

## Comparing two homes

To compare two homes fairly:

1. compare their all-in monthly costs;
2. add the utilities you will pay yourself;
3. add the cost of your commute.

A home with lower rent can turn out to be the more expensive one once everything is counted.

## A fee that was not listed

If you find a recurring charge during a viewing or in the lease that was not in the listing, tell us at ${siteConfig.email} with the listing's address. Landlords agree to list every recurring fee when they publish, and we follow up on every report.`,
  },
  {
    slug: 'security-deposits-what-to-expect',
    title: 'Security deposits: what to expect',
    summary:
      'How security deposits usually work, what can be deducted, and how to protect yourself when you move in and when you move out. Rules differ by state, so check yours.',
    category: 'leases-and-contracts',
    tags: ['deposit', 'move-out', 'state rules'],
    publishedOn: '2025-01-08',
    body: `A security deposit is money a landlord holds during your tenancy to cover unpaid rent or damage beyond normal wear and tear. It is still your money: if you leave the home in good condition and owe nothing, you should get it back in full.

> This article is general information, not legal advice. Deposit rules vary by state and sometimes by city.

## The rules depend on your state

The rules are set by each state, and sometimes by cities. Many states limit how large a deposit can be, set a deadline for returning it after you move out, and require the landlord to give you a written list of any deductions. Some require the deposit to be kept in a separate account or to earn interest. Before you sign, look up the rules for the state where the home is; the state attorney general's office or a local tenant organisation usually publishes a plain-language summary.

## Wear and tear or damage

Normal wear and tear cannot usually be deducted. Faded paint, light scuffs, minor carpet wear from walking and small nail holes from hanging pictures are typical examples. Damage can be deducted: holes in walls, burns or stains in carpets, broken fixtures, or a home left so dirty that it needs more than an ordinary clean.

## Paying the deposit

Get a receipt for the deposit and make sure the lease states the amount. Never pay a deposit in cash without a written receipt, and be wary of anyone who asks for a deposit before you have seen the home or signed anything.

## Moving in

On move-in day, walk through the home and record its condition: take dated photos and video of every room, note existing damage on a move-in checklist, and ask the landlord to sign a copy. This record is your best protection when you move out.

## Moving out

When you leave, clean the home, return every key, and give the landlord your forwarding address in writing. If deductions are made, you are entitled to know what they were for. If you disagree, reply in writing with your move-in photos; if that does not resolve it, small claims court is the usual next step, and it does not require a lawyer.`,
  },
  {
    slug: 'questions-to-ask-before-signing-a-lease',
    title: 'Questions to ask before signing a lease',
    summary:
      'A lease is a binding contract, often for a year. These questions help you find surprises before you sign, not after you move in.',
    category: 'leases-and-contracts',
    tags: ['lease', 'questions', 'renewal'],
    publishedOn: '2025-01-09',
    body: `A lease usually commits you for months, sometimes a year or more, so it pays to ask questions before you sign. Ask them in writing where you can, and keep the answers.

## About money

- What is the total due at signing, and what is each amount for?
- What recurring charges are there besides rent?
- Which utilities are included and which do I pay?
- How and when is rent paid, and is there a fee for paying online or late?
- How much notice will I get before a rent increase at renewal?

## About the term

- When does the lease start and end?
- What happens at the end: does it renew automatically, turn month-to-month, or simply end?
- How much notice do I have to give if I do not want to renew?
- Can I end the lease early, and what does that cost?
- Can I sublet or have someone take over the lease?

## About living there

- Who handles repairs, and how do I report one? What counts as an emergency, and who do I call out of hours?
- Are pets allowed, and with what deposit, fee or rent?
- Can I paint, hang pictures or install a washing machine?
- Are there rules on guests, noise, smoking, parking or storage?

## About the landlord

Who owns the home, and who manages it day to day? How will you contact me before entering the home? Ask to see the landlord's or manager's name on the lease, and make sure it matches the person you are dealing with.

## Before you sign

Read the whole lease before signing, including any addenda. If something you were promised, such as new appliances or a parking space, is not written in the lease, ask for it to be added. A spoken promise is hard to enforce.

If a clause is unclear, ask what it means and get the answer in writing. Local tenant organisations and legal aid offices can review a lease for free or at low cost in many areas. This article is not legal advice.`,
  },
  {
    slug: 'preparing-your-listing-photos',
    title: 'Preparing your listing photos',
    summary:
      'Good photos bring more and better enquiries. A practical guide for landlords to photographing a home honestly and well with an ordinary phone.',
    category: 'for-landlords',
    tags: ['photos', 'listing', 'landlords'],
    publishedOn: '2025-01-10',
    body: `Renters decide which homes to visit largely from the photos. Clear, honest photos bring enquiries from people who already like what they see, which saves you showings that go nowhere.

## Prepare the home

Clean every room, clear kitchen and bathroom counters, put away personal items and paperwork, and open blinds and curtains. Replace any dead light bulbs. If the home is occupied, ask the current tenant well in advance and agree on a time.

## Light and angles

Use daylight. Shoot on a bright day, in the late morning or early afternoon, with every light in the room switched on. Avoid shooting straight into a window; stand with the window to your side instead.

Hold the phone level, at about chest height, and shoot from a corner or a doorway to show the shape of the room. Keep vertical lines straight. Use the phone's normal lens or its mild wide setting; strong wide-angle lenses make rooms look larger than they are, and renters notice at the viewing.

## What to photograph

Photograph every room a renter will use: the living area, kitchen, each bedroom, each bathroom, storage, laundry, outdoor space and parking. Add the building entrance and the street. A photo of a floor plan or of the view from the main window is often appreciated.

## Be honest

Do not hide a small bathroom or a dated kitchen; show it clearly and describe it plainly. Do not edit out defects, wires or neighbouring buildings, and do not use photos of a different unit. Listings on Cooper Home must show the home being offered, and photos that mislead are removed.

## Uploading

Upload your photos in the order a visitor would walk through the home, starting with the strongest photo of the main living space. We resize your photos for fast loading and remove location data and other hidden information from the files before they are published.`,
  },
  {
    slug: 'spotting-rental-scams',
    title: 'Spotting rental scams',
    summary:
      'Rental scams follow a few familiar patterns. Learn the warning signs, the payment methods to refuse, and what to do if you think a listing is fake.',
    category: 'renting-basics',
    tags: ['scams', 'safety', 'payments'],
    publishedOn: '2025-01-13',
    body: `Most people who list homes are honest, but rental scams exist, and they follow familiar patterns. Knowing them is the best protection.

## Warning signs

- The rent is far below similar homes nearby.
- The person says they are out of the country or cannot show you the home.
- They ask for a deposit or the first month's rent before you have seen the home or signed a lease.
- They push you to decide today because many others are interested.
- They ask to move the conversation away from the site to a private e-mail or messaging app straight away.

## Payments to refuse

Refuse to pay by wire transfer, gift cards, cryptocurrency or payment apps meant for friends and family. These payments are very hard to reverse. Pay only once you have seen the home, in person or by a live video tour you direct, and have a written lease that names the landlord.

## Check who owns the home

Check that the person has the right to rent the home. Property records in most US counties are searchable online and show the owner's name. If a manager is renting on the owner's behalf, it is reasonable to ask for their company details and to confirm them independently.

Search for the listing's photos and address elsewhere. Scammers often copy real listings and post them with a lower rent and different contact details. If the same home appears with another landlord's name, be careful.

## Keep your conversations on Cooper Home

Messages sent through the site are stored, so we can review them if something goes wrong. We will never ask you to pay through a message, and Cooper Home staff will never ask for your password.

## If you think a listing is a scam

Do not send money. Write to us at ${siteConfig.email} with the listing's address so we can review it and take it down. If you have already paid, contact your bank or payment provider at once, and report the fraud to the Federal Trade Commission at [ReportFraud.ftc.gov](https://reportfraud.ftc.gov) and to your local police.`,
  },
  {
    slug: 'renters-checklist-for-move-in-day',
    title: "Renter's checklist for move-in day",
    summary:
      'What to do on the day you get the keys so your tenancy starts on the right foot, from recording the condition of the home to setting up utilities.',
    category: 'moving',
    tags: ['move-in', 'checklist', 'inspection', 'utilities'],
    publishedOn: '2025-01-14',
    body: `Move-in day is busy, but a few things done on that day save a lot of trouble later. Keep this list on your phone.

## Before the boxes come in

Walk through every room with the move-in checklist from your landlord, or make your own. Take dated photos and video of walls, floors, ceilings, windows, appliances, the inside of cupboards, and any existing damage. Note everything on the checklist, sign it, and send a copy to your landlord the same day.

## Test the home

- Run every tap and check for leaks under sinks; flush each toilet; try the shower's hot water.
- Switch on every appliance, and test the heating and air conditioning.
- Open and lock every door and window.
- Press the test button on each smoke alarm and carbon monoxide alarm.

Report anything that does not work in writing, so there is a record.

## Keys and access

Count the keys, fobs and remotes you receive and write the number down. Ask whether the locks were changed since the last tenant; in many places you can ask for this, or request permission to have it done.

## Utilities and services

Confirm which accounts are in your name, such as electricity, gas, water or internet, and take meter readings with a photo on the day you move in. Set up renter's insurance if you have not already; many leases require it, and it protects your belongings, which the landlord's insurance usually does not.

## Know who to call

Save the landlord's or manager's contact details, the number for emergency repairs, and the location of the main water shut-off valve and the electrical panel.

## Finally

Update your address with the postal service, your bank, your employer and the voter register, and keep your lease, receipts and move-in record together in one safe place until your deposit is back.`,
  },
]
