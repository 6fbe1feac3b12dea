/* eslint-disable max-lines -- data, not code: the text of the seed articles, one entry each */
// The knowledge base's first articles, for renters and landlords renting homes in the United States.
// The demo seed publishes them; administrators edit them in the site afterwards.
import { siteConfig } from '#common/site-config.ts'
import type { SeedArticle } from './types.ts'

const notLegalAdvice =
  'This article is general information, not legal advice. Rules differ from state to state and sometimes from city to city; for advice on your own situation, speak to a local tenant or landlord organization, a legal aid office or a lawyer.'

export const seedArticles: readonly SeedArticle[] = [
  {
    slug: 'how-to-read-an-all-in-monthly-cost',
    category: 'renting-basics',
    title: 'How to read an all-in monthly cost',
    summary:
      'The advertised rent is rarely what leaves your account each month. Here is what goes into the all-in figure on every Cooper Home listing, and how to compare homes fairly with it.',
    tags: ['budget', 'fees', 'comparing'],
    publishedOn: '2025-09-02',
    body: `The rent in a listing headline is only one part of what a home costs you each month. Parking, pet rent, trash and water charges, required renter's insurance and amenity fees can add a noticeable amount on top, and they are often listed in small print or only mentioned at the showing.

## What the all-in monthly cost includes

Every listing on Cooper Home shows an **all-in monthly cost** beside the base rent. It is the rent plus every recurring fee the landlord has told us a tenant must pay: charges that come every month whether or not you use the service.

Typical required fees include:

- a mandatory amenity or "community" fee;
- a flat charge for water, sewer or trash;
- a required parking or storage fee, when the home cannot be rented without it;
- a technology, package-locker or valet-trash fee.

For homes offered only as short stays, the all-in figure counts 30 nights as a month, so you can set a short stay beside a lease on the same scale.

### What it leaves out

Some costs are real but do not belong in a monthly figure:

- **One-time costs**: application fees, holding deposits, the security deposit and move-in fees. They matter for the cash you need on the day you sign, not for your monthly budget, so ask for them separately.
- **Costs that depend on how you live**: electricity, gas, internet or metered water. A listing shows which utilities are included; everything else you pay yourself.
- **Optional extras**: a second parking space or a storage unit you may take or leave.
- **Charges that depend on your household**: pet rent, for example, applies only if you bring a pet. Look for it in the listing's pet policy, and add it yourself.

## How to compare two homes fairly

Start with the all-in monthly cost, not the rent. You can sort and filter search results on [/properties](/properties) by it directly, so a home with low rent and high fees does not slip under your budget. Then, for each home on your shortlist:

1. Note the all-in monthly cost.
2. Add the utilities the listing does not include. Ask the landlord what recent tenants typically paid, and ask the utility company too: many will quote the average bill for an address.
3. Add your commute: fares, fuel, parking at work, and the time it takes.
4. Add insurance if the lease requires it and you do not already have it. Our guide to [renter's insurance](/knowledge/renters-insurance-explained) explains what it usually costs and covers.

A home with lower rent can turn out to be the more expensive one once everything is counted. Writing the figures side by side, in a note or a spreadsheet, makes that plain.

## Questions to ask before you apply

- Is there any recurring charge that is not in the listing?
- Which utilities are billed by the landlord, and how is each one split between units?
- Does any fee rise during the lease, or only at renewal?
- Is renter's insurance required, and with what minimum coverage?
- If I have a pet, is there pet rent as well as a pet deposit or fee?

Ask in writing, through Cooper Home's messages or by e-mail, and keep the answers with your other rental papers.

## When a fee was missing from the listing

If you find a recurring charge during a viewing or in the lease that was not in the listing, ask the landlord about it first: sometimes it is an honest omission, quickly corrected. If it is not, tell us at ${siteConfig.email} with the listing's address. Landlords agree to list every recurring fee when they publish, and we follow up on every report.

Rules on which fees landlords may charge, and how they must disclose them, vary by state and city, and some places have recently tightened them.

${notLegalAdvice}`,
  },
  {
    slug: 'security-deposits-what-to-expect',
    category: 'leases-and-contracts',
    title: 'Security deposits: what to expect',
    summary:
      'How security deposits usually work, what can be deducted, and how to protect yourself when you move in and when you move out. Rules differ by state, so check yours.',
    tags: ['deposit', 'move-out', 'money'],
    publishedOn: '2025-09-15',
    body: `A security deposit is money a landlord holds during your tenancy to cover unpaid rent or damage beyond normal wear and tear. It is still your money: if you leave the home in good condition and owe nothing, you should get it back in full.

## How much a deposit can be

The rules are set by each state, and sometimes by cities. Many states cap deposits at one or two months' rent, some set a higher cap for furnished homes or for tenants with pets, and a few set no cap at all. Some states require the deposit to be kept in a separate account, or to earn interest that is paid to you. Before you sign, check your state's rules: the state attorney general's office or a local tenant organization usually publishes a plain-language summary.

A deposit is different from a fee. A deposit is refundable; a "move-in fee", "cleaning fee" or "pet fee" often is not. Ask which is which, and make sure the lease says so.

## Before you pay

- Make sure the lease states the amount of the deposit and what it may be used for.
- Get a written receipt, whatever the method of payment. Never pay a deposit in cash without one.
- Be wary of anyone who asks for a deposit before you have seen the home or signed anything. Our guide to [spotting rental scams](/knowledge/spotting-rental-scams) explains why.
- Ask where the deposit will be held and, if your state requires it, whether it earns interest.

## What can and cannot be deducted

### Normal wear and tear

Normal wear and tear usually cannot be deducted. Typical examples:

- faded or slightly marked paint;
- light scuffs on floors and minor carpet wear from walking;
- small nail holes from hanging pictures;
- loose door handles or worn grout from everyday use.

### Damage

Damage beyond ordinary use can be deducted, along with unpaid rent and, in many states, unpaid utilities owed to the landlord:

- holes in walls, broken doors or windows;
- burns, pet stains or tears in carpets;
- broken fixtures or appliances misused;
- a home left so dirty that it needs more than an ordinary clean;
- belongings or rubbish left behind.

## Protecting your deposit from day one

Your best protection is a careful record of the home's condition when you move in. Walk through every room, take dated photos and video, note existing damage on a move-in checklist, and ask the landlord to sign a copy. Our guide to the [move-in inspection with photos](/knowledge/move-in-inspection-with-photos) walks through it room by room.

During the tenancy, report repairs in writing as soon as you notice them. A small leak reported on time is the landlord's repair; a large one you never mentioned may end up as a deduction.

## Getting it back

When you leave:

1. Give notice as your lease requires, in writing.
2. Clean the home thoroughly, including inside the oven, fridge and cabinets.
3. Take a second set of photos and video, room by room, on your last day.
4. Return every key, fob and remote, and get a receipt for them.
5. Give the landlord your forwarding address in writing.

Most states set a deadline, often somewhere between two weeks and a month or two after you move out, for the landlord to return the deposit or send a written, itemized list of deductions. If deductions are made, you are entitled to know what they were for. If you disagree, reply in writing with your move-in and move-out photos. If that does not resolve it, small claims court is the usual next step, and it does not require a lawyer. Our checklist for [moving out and getting your deposit back](/knowledge/moving-out-and-getting-your-deposit-back) has the details.

${notLegalAdvice}`,
  },
  {
    slug: 'questions-to-ask-before-signing-a-lease',
    category: 'leases-and-contracts',
    title: 'Questions to ask before signing a lease',
    summary:
      'A lease is a binding contract, often for a year. These questions help you find surprises before you sign, not after you move in.',
    tags: ['lease', 'checklist', 'signing'],
    publishedOn: '2025-10-06',
    body: `A lease usually commits you for months, sometimes a year or more, so it pays to ask questions before you sign. Ask them in writing where you can, and keep the answers. Through Cooper Home, the **Message the landlord** button on a listing starts a conversation that stays on record for both of you.

## About money

- What is the total due at signing, and what is each amount for: first month's rent, deposit, fees?
- What recurring charges are there besides rent? Does the listing's all-in monthly cost include all of them? (See [how to read an all-in monthly cost](/knowledge/how-to-read-an-all-in-monthly-cost).)
- Which utilities are included, and which do I pay? Who are the providers?
- How and when is rent paid? Is there a fee for paying online, or a grace period before a late fee?
- How much is the late fee, and when does it start?
- How much notice will I get before a rent increase at renewal?

## About the term

- When does the lease start and end? Can the start date move if the home is not ready?
- What happens at the end: does the lease renew automatically, turn month-to-month, or simply end?
- How much notice must I give if I do not want to renew, and how much must you give me?
- Can I end the lease early, and what does that cost? Our guide to [breaking a lease](/knowledge/breaking-a-lease) explains the usual options.
- Can I sublet or have someone take over the lease? See [subletting and lease takeovers](/knowledge/subletting-and-lease-takeovers).

## About living there

### Repairs and access

- Who handles repairs, and how do I report one?
- What counts as an emergency, and who do I call out of hours?
- How much notice will you give before entering the home, except in an emergency?

### House rules

- Are pets allowed, and with what deposit, fee or pet rent? (See [renting with pets](/knowledge/renting-with-pets).)
- Can I paint, hang pictures, or install a washing machine or a window air conditioner?
- Are there rules on guests, noise, smoking, parking, bicycles or storage?
- Is renter's insurance required, and with what minimum coverage?

## About the landlord

- Who owns the home, and who manages it day to day?
- Is the person I am dealing with named on the lease? If a manager signs for the owner, which company do they work for?
- Where will my deposit be held?

Make sure the name on the lease matches the person you have been talking to. If it does not, ask why before you pay anything.

## Before you sign

Read the whole lease, including every addendum: pet, parking, utilities, house rules, lead paint or mold disclosures. If something you were promised, such as new appliances, a fresh coat of paint or a parking space, is not written in the lease, ask for it to be added. A spoken promise is hard to enforce.

If a clause is unclear, ask what it means and get the answer in writing. Our guide to [what a lease should contain](/knowledge/what-a-lease-should-contain) lists the parts every lease needs. Local tenant organizations and legal aid offices can review a lease for free or at low cost in many areas, and what is allowed in a lease varies by state.

${notLegalAdvice}`,
  },
  {
    slug: 'preparing-your-listing-photos',
    category: 'for-landlords',
    title: 'Preparing your listing photos',
    summary:
      'Good photos bring more and better enquiries. A practical guide for landlords to photographing a home honestly and well with an ordinary phone.',
    tags: ['photos', 'listing', 'landlords'],
    publishedOn: '2025-10-20',
    body: `Renters decide which homes to visit largely from the photos. Clear, honest photos bring enquiries from people who already like what they see, which saves you showings that go nowhere.

## Prepare the home

- Clean every room, and clear kitchen and bathroom counters.
- Put away personal items, paperwork, photos of people and anything with a name or address on it.
- Open blinds and curtains, and replace any dead light bulbs.
- Fix small, visible things first: a loose cabinet door, a dripping faucet, a missing outlet cover.
- If the home is occupied, ask the current tenant well in advance, agree on a time, and respect their belongings and privacy. Most states require notice before a landlord enters an occupied home.

## Take the photos

### Light

Shoot on a bright day, in the late morning or early afternoon, with every light in the room switched on. Avoid shooting straight into a window; stand with the window to your side instead.

### Angle and lens

Hold the phone level, at about chest height, and shoot from a corner or a doorway to show the shape of the room. Keep vertical lines straight. Use the phone's normal lens or its mild wide setting; strong wide-angle lenses make rooms look larger than they are, and renters notice at the viewing.

### What to photograph

Photograph every room a renter will use:

- the living area and the kitchen, including the appliances;
- each bedroom and each bathroom;
- storage, laundry, outdoor space and parking;
- the building entrance and the street.

A photo of the floor plan or of the view from the main window is often appreciated.

## Be honest

Do not hide a small bathroom or a dated kitchen; show it clearly and describe it plainly. Do not edit out defects, wires or neighboring buildings, and do not use photos of a different unit or of the building's model unit. Listings on Cooper Home must show the home being offered, as it is now, and photos that mislead are removed. An honest photo also protects you: the renter who arrives knowing what to expect is far more likely to sign.

## Upload and describe them

Add photos on your listing's edit page, in the order a visitor would walk through the home. The first photo is the cover shown in search results, so start with the strongest photo of the main living space. A listing can hold up to 30 photos, each up to 15 MB, in JPEG, PNG or WebP format. You can drag them into a new order, or use **Move earlier** and **Move later**, at any time.

Give each photo a short description, such as "Kitchen with gas range and dishwasher". It is read aloud to people who use screen readers and shown when an image cannot load.

We resize your photos for fast loading and remove location data and other hidden information from the files before they are published, so the place where a photo was taken is never revealed by the file itself.

For the words that go with the photos, see [how to write a listing that rents](/knowledge/how-to-write-a-listing-that-rents).

${notLegalAdvice}`,
  },
  {
    slug: 'spotting-rental-scams',
    category: 'renting-basics',
    title: 'Spotting rental scams',
    summary:
      'Rental scams follow a few familiar patterns. Learn the warning signs, the payment methods to refuse, and what to do if you think a listing is fake.',
    tags: ['scams', 'safety', 'payments'],
    publishedOn: '2025-11-03',
    body: `Most people who list homes are honest, but rental scams exist, and they follow familiar patterns. Knowing them is the best protection.

## The warning signs

Be careful when the person renting the home:

- asks a rent far below similar homes nearby;
- says they are out of the country, or cannot show you the home for some other reason;
- asks for a deposit or the first month's rent before you have seen the home or signed a lease;
- pushes you to decide today because "many others are interested";
- wants to move the conversation away from the site to a private e-mail address or messaging app straight away;
- asks for your Social Security number, bank login or copies of documents before you have even viewed the home;
- sends a lease that names someone other than the person you have been talking to.

One sign alone does not prove a scam, but two or three together should make you stop.

## How to pay safely

Refuse to pay by wire transfer, gift cards, cryptocurrency or payment apps meant for friends and family. These payments are very hard to reverse. Pay only once you have:

1. seen the home, in person or by a live video tour you direct ("show me the view from the bedroom window");
2. confirmed who owns the home or manages it;
3. received a written lease that names the landlord.

Pay by a method that leaves a record, such as a check, a bank transfer to an account in the landlord's or company's name, or a card, and get a receipt.

## Checking the landlord and the listing

### Who owns the home

Property records in most US counties are searchable online and show the owner's name. If a manager is renting on the owner's behalf, it is reasonable to ask for their company details and to confirm them independently, for example through the company's own web site or phone number, not the one in the message.

### Is the listing copied?

Search for the listing's photos and address elsewhere. Scammers often copy real listings and post them with a lower rent and different contact details. If the same home appears with another landlord's name, be careful. On Cooper Home, every listing page shows who listed it and since when they have been a member.

## Keep your conversations on Cooper Home

Messages sent through the site are stored, so we can review them if something goes wrong. If a message looks like a scam, use **Report** on that message: administrators read every report. You can also block the sender, so they cannot write to you again. Cooper Home will never ask you to pay through a message, and our staff will never ask for your password.

## If you think you have found a scam

- Do not send money, and stop sharing personal details.
- Write to us at ${siteConfig.email} with the listing's address so we can review it and take it down.
- If you have already paid, contact your bank or payment provider at once: the sooner you ask, the better the chance of stopping the payment.
- Report the fraud to the Federal Trade Commission at [ReportFraud.ftc.gov](https://reportfraud.ftc.gov) and to your local police. Many state attorneys general also take reports of rental fraud.

For what to check in a genuine lease, see [questions to ask before signing a lease](/knowledge/questions-to-ask-before-signing-a-lease).

${notLegalAdvice}`,
  },
  {
    slug: 'renters-checklist-for-move-in-day',
    category: 'moving',
    title: "Renter's checklist for move-in day",
    summary:
      'What to do on the day you get the keys so your tenancy starts on the right foot, from recording the condition of the home to setting up utilities.',
    tags: ['move-in', 'checklist', 'utilities'],
    publishedOn: '2025-11-17',
    body: `Move-in day is busy, but a few things done on that day save a lot of trouble later. Keep this list on your phone.

## Before the boxes come in

Walk through every room with the move-in checklist from your landlord, or make your own, before anything is carried in. An empty home is far easier to record than one full of boxes.

- Take dated photos and video of walls, floors, ceilings, windows, appliances, the inside of cabinets and closets, and any existing damage.
- Note everything on the checklist, sign it, and send a copy to your landlord the same day.
- Keep your own copy with the lease.

Our guide to the [move-in inspection with photos](/knowledge/move-in-inspection-with-photos) goes through it room by room.

## Test the home

### Water and heat

- Run every faucet and check for leaks under sinks.
- Flush each toilet and watch it refill.
- Check that the shower's hot water arrives and stays hot.
- Test the heating and the air conditioning, whatever the season.

### Power, doors and safety

- Switch on every appliance and try every outlet you can reach with a phone charger.
- Open, close and lock every door and window.
- Press the test button on each smoke alarm and carbon monoxide alarm.
- Find the fire extinguisher, if there is one, and the nearest exits.

Report anything that does not work in writing, so there is a record with a date on it.

## Keys and access

- Count the keys, fobs, mailbox keys and remotes you receive and write the number down.
- Ask whether the locks were changed since the last tenant. In many states you can ask for this, or request permission to have it done at your own cost.
- Note any building codes or gate codes, and who to ask when they change.

## Utilities and services

- Confirm which accounts are in your name, such as electricity, gas, water or internet, and which the landlord keeps.
- Take a photo of each meter reading on the day you move in.
- Set up renter's insurance if you have not already. Many leases require it, and it protects your belongings, which the landlord's insurance usually does not. See [renter's insurance, explained](/knowledge/renters-insurance-explained).

## Know who to call, and update your address

Save the landlord's or manager's contact details and the number for emergency repairs. Find the main water shut-off valve and the electrical panel, and check that you can open them.

### In the first week

- Read the house rules again now that you live there: trash and recycling days, laundry room hours, quiet hours, where bicycles and deliveries go.
- Introduce yourself to a neighbor or two. They know which radiator knocks and which door sticks in winter.
- Note anything that appears once you are living there, such as a slow drain or a drafty window, and report it in writing while the tenancy is new.

Finally, update your address with the postal service, your bank, your employer, your insurer and the voter register, and keep your lease, receipts and move-in record together in one safe place until your deposit is back.

${notLegalAdvice}`,
  },
  {
    slug: 'what-a-lease-should-contain',
    category: 'leases-and-contracts',
    title: 'What a lease should contain',
    summary:
      'The parts every residential lease needs, what to look for in each, and the clauses that deserve a second read before you sign.',
    tags: ['lease', 'contract', 'checklist'],
    publishedOn: '2025-12-01',
    body: `A lease is the contract between you and your landlord. A good one is specific: anyone reading it later, including a judge, should be able to tell who agreed to what. Whether you are renting a home or offering one, check that the lease covers each of the parts below.

## The basics

- **The parties.** The full names of every tenant who will live in the home as an adult, and of the landlord. If a manager signs for the owner, the lease should name the owner or the management company and say how to reach them.
- **The home.** The full address, including the unit number, and anything that comes with it: a parking space, a storage unit, appliances, furniture.
- **The term.** The start and end dates, or that it is a month-to-month tenancy, and what happens when the term ends.
- **Signatures and dates.** Every adult tenant and the landlord sign. Keep a fully signed copy; do not settle for a copy only you have signed.

## Money

- **Rent:** the amount, the due date, how to pay, and any grace period.
- **Late fees:** the amount and when they apply. Many states limit late fees or require them to be "reasonable".
- **Recurring fees:** every other monthly charge, by name and amount. These should match the listing's all-in monthly cost. See [how to read an all-in monthly cost](/knowledge/how-to-read-an-all-in-monthly-cost).
- **Utilities:** which ones the landlord pays, which the tenant pays, and how shared meters are split.
- **Security deposit:** the amount, what it may cover, where it is held, and when it will be returned. Our guide to [security deposits](/knowledge/security-deposits-what-to-expect) explains the usual rules.
- **Rent increases:** whether rent can change during the term (usually it cannot in a fixed-term lease) and how much notice comes before a renewal at a new rent.

## Living in the home

### Repairs and maintenance

Who fixes what, how to request a repair, and how fast urgent repairs are handled. Landlords generally must keep a home safe and fit to live in, whatever the lease says; tenants are usually responsible for damage they cause and small upkeep such as changing light bulbs.

### Entry

How much notice the landlord gives before entering, and for what reasons. Many states set a minimum notice, often 24 hours, except in emergencies.

### Rules

Pets, smoking, guests, noise, parking, alterations such as painting, and the use of shared spaces. Rules should be written down, not only told to you at the viewing.

## Ending the lease

- How much notice each side must give to end or not renew the lease.
- Whether the lease renews automatically, and on what terms.
- Early termination: whether there is a fee or a clause allowing you to leave early, and what happens if you must. See [breaking a lease](/knowledge/breaking-a-lease).
- Subletting and assignment: whether they are allowed and with what consent. See [subletting and lease takeovers](/knowledge/subletting-and-lease-takeovers).

## Clauses to read twice

Some clauses deserve a second look, and some are not enforceable in many states even if they are signed:

- a clause waiving the landlord's duty to make repairs;
- a clause allowing entry at any time without notice;
- a clause making the tenant pay the landlord's legal fees in every case, whatever the outcome;
- a clause keeping the whole deposit "as a fee" whatever the condition of the home;
- an automatic renewal with a short, easily missed window to opt out.

Required disclosures vary too. Homes built before 1978 come with a federal lead-based paint disclosure, and many states add their own, for example about mold, flooding or bed bugs.

Before you sign, ask the questions in [questions to ask before signing a lease](/knowledge/questions-to-ask-before-signing-a-lease), and get every promise written into the lease.

${notLegalAdvice}`,
  },
  {
    slug: 'renters-insurance-explained',
    category: 'renting-basics',
    title: "Renter's insurance, explained",
    summary:
      "What renter's insurance covers, what it does not, what it usually costs and how to choose a policy, including when your lease requires one.",
    tags: ['insurance', 'budget', 'protection'],
    publishedOn: '2025-12-15',
    body: `Your landlord's insurance covers the building. It almost never covers your belongings, your liability to other people, or where you will sleep if the home becomes unlivable. That is what renter's insurance is for, and for most people it costs far less than they expect.

## What a policy usually covers

A standard renter's policy (often called an HO-4 policy) has three main parts.

### Your belongings

Personal property covers your things against listed risks such as fire, smoke, theft, vandalism, and water damage from a burst pipe. It usually covers them away from home too, for example a laptop stolen from your car or luggage taken while traveling.

### Liability

Liability coverage pays if you are responsible for injuring someone or damaging their property: a guest who trips in your home, or a bath that overflows into the apartment below. It usually includes the cost of defending you.

### Additional living expenses

If a covered event makes the home unlivable, this part pays for a hotel or short-term rental and the extra cost of meals while repairs are made.

## What it usually does not cover

- **Floods** from rising water or storm surge. Flood insurance is separate.
- **Earthquakes.** Often available as an add-on where they are a risk.
- **Your roommate's belongings**, unless they are named on your policy.
- **Wear and tear, pests and mold** from neglect.
- **Expensive items above a limit.** Jewellery, watches, cameras and instruments often have a low limit unless you add them to the policy by name.

Read the list of covered risks (the "perils") and the exclusions before you buy.

## How to choose a policy

1. **Make a quick inventory.** Walk through your home with your phone and video your belongings, opening cabinets and drawers. Add up a rough value; most people underestimate it.
2. **Pick replacement cost, not actual cash value.** Replacement cost pays what it costs to buy the item new today; actual cash value takes off depreciation, so a five-year-old sofa pays out very little.
3. **Choose a deductible** you could pay tomorrow without hardship. A higher deductible lowers the premium.
4. **Set the liability limit.** Many leases require at least a certain amount, often $100,000; more costs little extra.
5. **Compare two or three quotes**, and ask about discounts for bundling with car insurance, for smoke alarms, or for paying the year at once.

Premiums depend on where you live, the coverage you choose and your claims history, but a basic policy often costs about the same as a takeout meal or two a month.

## When the lease requires it

Many landlords require renter's insurance and ask to be listed as an "interested party", so they are told if the policy lapses. That is different from being an "additional insured", which gives the landlord rights under your policy; ask which one your lease means.

If a landlord requires a particular insurer, or charges a monthly fee for their own program, that fee is a recurring cost: it belongs in the listing's all-in monthly cost (see [how to read an all-in monthly cost](/knowledge/how-to-read-an-all-in-monthly-cost)). Whether a landlord may require insurance, and from whom, can vary by state.

## Making a claim

- Report a theft to the police and keep the report number.
- Photograph the damage before you clean up, and keep damaged items until the adjuster has seen them.
- Tell your landlord in writing about any damage to the home itself.
- Keep receipts for a hotel and meals if you have to leave.

Your move-in photos help here too. See the [move-in inspection with photos](/knowledge/move-in-inspection-with-photos).

${notLegalAdvice}`,
  },
  {
    slug: 'move-in-inspection-with-photos',
    category: 'moving',
    title: 'The move-in inspection, with photos',
    summary:
      'A room-by-room method for recording the condition of a rental on the day you move in, so there is no argument about the deposit when you leave.',
    tags: ['move-in', 'photos', 'deposit'],
    publishedOn: '2026-01-12',
    body: `The record you make on move-in day is the single best protection for your security deposit. A year or two later, nobody remembers whether that scratch on the floor was already there; a dated photo does. It takes about an hour for an average apartment, and it is worth doing even if the home looks perfect.

## Before you start

- Do it before any furniture or boxes come in, in daylight if you can.
- Bring the landlord's move-in checklist, if there is one, or print your own list of rooms.
- Charge your phone and free up storage: you will take a lot of photos.
- Switch on your phone's date and time stamp, or make sure the files keep their dates. Sending the photos to yourself or to the landlord by e-mail on the same day also dates them.
- If the landlord or manager can walk through with you, invite them. A checklist you both sign is stronger than one only you have signed.

## How to photograph each room

Use the same order in every room so nothing is missed:

1. **Wide shots.** Stand in each corner and take one photo of the whole room.
2. **Walls and ceiling.** Look for holes, marks, cracks, water stains and peeling paint.
3. **Floors.** Scratches, stains, burns, loose boards, worn carpet.
4. **Windows and doors.** Cracked glass, broken blinds or screens, locks that stick.
5. **Fixtures.** Lights, outlets, switches, vents, smoke alarms.
6. **Close-ups.** Every defect, with something for scale such as a coin or a pen.

A slow video, narrated ("bedroom two, the north wall, a dent beside the door"), is a good complement to the photos and quick to make.

### Kitchen

Open every cabinet and drawer. Photograph the inside of the oven, the fridge and the freezer, the stovetop, the sink and the dishwasher. Run the faucet and check under the sink for leaks or water damage.

### Bathrooms

Photograph the grout, the seal around the bath or shower, the toilet, the mirror and the cabinet. Run the shower until the water is hot, and flush the toilet.

### Outside and shared spaces

Photograph any balcony, yard, garage, parking space or storage unit that comes with the home, and the mailbox.

## Writing it down

Photos show what you saw; the checklist says what it means. For each room, write a short line for every defect: "Living room: two small holes above the window, 2-inch scratch on the floor by the door." Note things that do not work, too.

Then:

- sign and date the checklist, and ask the landlord to sign it;
- send a copy to the landlord the same day, in a way that leaves a record, such as e-mail or a Cooper Home message;
- keep the photos in two places, for example your phone and a cloud folder named with the address and date.

Some states require landlords to offer a move-in checklist or an inspection, and some give tenants a set number of days to return it. Check your lease and your state's rules.

## Repairs you find

Anything broken or unsafe is not only a note for the deposit: it is a repair request. Report it in writing, separately from the checklist, and keep the reply. Our [move-in day checklist](/knowledge/renters-checklist-for-move-in-day) has the rest of what to test on the day.

## At move-out, do it again

Repeat the same walk-through, in the same order, on your last day, after cleaning. Matching photos taken from the same corners make any comparison quick and fair. See [moving out and getting your deposit back](/knowledge/moving-out-and-getting-your-deposit-back).

${notLegalAdvice}`,
  },
  {
    slug: 'breaking-a-lease',
    category: 'leases-and-contracts',
    title: 'Breaking a lease: your options',
    summary:
      'Need to move before your lease ends? What it usually costs, the protections some tenants have, and how to leave on good terms with as little to pay as possible.',
    tags: ['lease', 'moving', 'notice'],
    publishedOn: '2026-02-02',
    body: `Life changes: a new job in another city, a growing family, a relationship that ends. A lease is a promise to pay rent for its whole term, but breaking one early is common, and it rarely has to be a disaster if you go about it carefully.

## Start with your lease

Read the lease again, looking for:

- **an early termination clause**, which may let you leave with a set notice and a set fee, often one or two months' rent;
- **a subletting or assignment clause**, which may let someone else take over (see [subletting and lease takeovers](/knowledge/subletting-and-lease-takeovers));
- **the notice period** required to end the lease or not renew it;
- **what happens to the deposit** if you leave early.

If the lease has a clear buy-out option, it is often the simplest and cheapest route, because both sides know the cost in advance.

## Protections you may have

Some tenants can end a lease early without owing the rest of the rent. Depending on where you live, these may include:

- **Active-duty service members** who receive orders for a permanent change of station or a deployment. The federal Servicemembers Civil Relief Act protects them, with written notice and a copy of the orders.
- **Victims of domestic violence, sexual assault or stalking.** Many states let them end a lease early with notice and documentation.
- **Tenants whose home is unsafe or unlivable** and whose landlord has not made essential repairs after notice. The rules here are strict and vary a lot; get advice before you withhold rent or leave.
- **Older tenants or people with disabilities** moving to care, in some states.

These protections vary by state, and each has its own steps. Check them before you rely on one.

## The landlord's duty to re-rent

In many states, a landlord whose tenant leaves early must make a reasonable effort to find a new tenant, and can charge you only for the rent lost until someone moves in, plus reasonable costs of re-letting. In others, that duty is weaker or does not exist. Either way, helping the landlord find a new tenant quickly is usually the best way to keep your cost down.

## How to leave well

1. **Talk to the landlord early.** Tell them the date you need to leave and ask what they would accept. Many landlords prefer a planned handover to an empty home.
2. **Put it in writing.** Confirm any agreement by e-mail or a Cooper Home message, and ask for a signed lease termination agreement stating the end date and what you owe.
3. **Offer help finding a replacement.** Share the listing with people you know, keep the home tidy for viewings, and be flexible about showing times.
4. **Keep paying rent** until the agreed end date. Stopping early gives the landlord a claim against you and may affect your credit.
5. **Leave the home in good condition.** Clean, photograph it, and return every key. See [moving out and getting your deposit back](/knowledge/moving-out-and-getting-your-deposit-back).

### What to avoid

Do not simply stop paying and leave. A landlord can sue for unpaid rent, and an unpaid judgment or a debt sent to collections can follow you into your next rental application for years.

## For landlords

When a tenant asks to leave early, a quick, written agreement usually costs less than a vacancy and a dispute. Relist the home promptly; on Cooper Home, a new listing can be published as soon as you know the date it becomes available.

${notLegalAdvice}`,
  },
  {
    slug: 'subletting-and-lease-takeovers',
    category: 'leases-and-contracts',
    title: 'Subletting and lease takeovers',
    summary:
      "The difference between a sublet and an assignment, when you need the landlord's consent, and how to protect yourself whether you are the tenant leaving or the person moving in.",
    tags: ['sublet', 'lease', 'roommates'],
    publishedOn: '2026-03-02',
    body: `Subletting lets you keep your home while someone else lives in it for a while: over a summer, during a work posting, or while you travel. A lease takeover lets you leave for good while someone else continues the lease. Both can work well, but only if everyone knows who is responsible for what.

## Sublet or assignment?

### A sublet

In a sublet, you stay the tenant. You rent all or part of the home to a subtenant, usually for part of the remaining term, and the subtenant pays you. You are still responsible to the landlord for the rent and for any damage, even if the subtenant does not pay you.

### An assignment

In an assignment, or lease takeover, you transfer the lease itself to a new tenant for the rest of its term. Depending on the agreement and the law where you live, you may or may not still be liable if the new tenant stops paying. A landlord who signs a new lease with the incoming tenant, or a written release, usually ends your responsibility.

## Do you need permission?

Most leases say whether subletting is allowed, and many require the landlord's written consent. Some states and cities give tenants a right to sublet with consent that cannot be unreasonably refused; others let the lease forbid it entirely. Short-term rentals of a whole home for a few nights at a time are often restricted by both leases and local rules.

Subletting without the consent your lease requires can be grounds for eviction. Ask first, in writing, and keep the answer.

## If you are subletting your home

1. **Read your lease** for the subletting clause and any notice it requires.
2. **Ask the landlord in writing**, giving the subtenant's name, the dates and the rent.
3. **Screen the subtenant** as a landlord would: references, proof of income, a conversation. The same [fair housing rules](/knowledge/screening-tenants-fairly) apply.
4. **Write a sublease** that sets the dates, the rent, the deposit, the rules of the home, and that the subtenant must follow your main lease.
5. **Record the condition of the home** with dated photos before the subtenant moves in, just as you would at the start of a lease.
6. **Do not charge more than you pay** unless your lease and local rules allow it; some places forbid profit on a sublet.

Tell your insurer too. Your renter's insurance usually does not cover a subtenant's belongings, and some policies change when someone else lives in the home.

## If you are moving into a sublet

- Ask to see the main lease and the landlord's written consent.
- Confirm who the landlord is and that the tenant has the right to sublet, as you would for any rental. Our guide to [spotting rental scams](/knowledge/spotting-rental-scams) explains how.
- Pay a deposit only against a written sublease and a receipt.
- Make your own move-in record with photos.
- Ask who to call for repairs: the tenant, or the landlord directly.

## Roommates are a different case

Adding a roommate who signs the lease makes them a co-tenant, with the same rights and responsibilities as you. Taking in a roommate who does not sign it is usually a form of sublet, so the same consent rules apply.

${notLegalAdvice}`,
  },
  {
    slug: 'renting-with-pets',
    category: 'renting-basics',
    title: 'Renting with pets',
    summary:
      'How to find a pet-friendly home, what pet deposits, fees and pet rent usually look like, and how assistance animals are treated differently.',
    tags: ['pets', 'searching', 'fees'],
    publishedOn: '2026-03-23',
    body: `Finding a home that welcomes your cat or dog takes a little more searching and a little more paperwork. Start early, be upfront about your animal, and read the pet terms as carefully as the rent.

## Finding a pet-friendly home

On [/properties](/properties), use the **Pets allowed** filter and tick **Cats**, **Dogs** or both. Landlords say whether they accept cats and dogs when they list a home, and many add a short pet policy on the listing page: size or breed limits, the number of animals, or rules on shared spaces. Read it before you enquire.

If a listing says nothing about pets, ask. Some landlords consider each animal case by case.

### Questions to ask

- How many animals are allowed, and are there size, weight or breed limits?
- Is there a pet deposit, a one-time pet fee, monthly pet rent, or more than one of these?
- Are there rules on leashes, shared gardens, or leaving a dog alone during the day?
- Is there somewhere nearby to walk a dog?
- Who pays for pest treatment when you move out, and under what conditions?

## What pets usually cost

Landlords use three kinds of charges, sometimes together:

- **A pet deposit** is refundable, like a security deposit, and covers damage caused by the animal. Many states count it toward the overall cap on deposits.
- **A pet fee** is a one-time, non-refundable charge.
- **Pet rent** is a monthly charge. It is a real part of your monthly budget, but because it applies only to tenants with pets, it is not in a listing's all-in monthly cost: add it yourself when you compare homes. See [how to read an all-in monthly cost](/knowledge/how-to-read-an-all-in-monthly-cost).

Whether a landlord may charge each of these, and how much, depends on your state and city. Ask for every pet charge in writing, and make sure the lease or a pet addendum names them.

## Making your application stand out

A landlord who has never met your dog is weighing a risk. Help them:

- a short pet résumé: name, age, breed, weight, spay or neuter status, training;
- proof of vaccinations and licensing;
- a reference from a previous landlord who lived with your pet;
- proof of renter's insurance with liability coverage (see [renter's insurance, explained](/knowledge/renters-insurance-explained));
- an offer to meet the animal in person.

## Assistance animals are not pets

Under the federal Fair Housing Act, service animals and emotional support animals are assistance animals, not pets. A person with a disability may ask for one as a reasonable accommodation, even in a home with a no-pets rule, and a landlord generally may not charge pet fees, pet rent or a pet deposit for it. The tenant is still responsible for any damage the animal causes.

A landlord may ask for reliable documentation of the disability-related need when it is not obvious, but not for medical records or a diagnosis. Some states have added their own rules, including on online certificates. Landlords should read our guide to [screening tenants fairly](/knowledge/screening-tenants-fairly).

## Living there with your pet

- Record the condition of the home at move-in, including floors and doors a pet might scratch.
- Keep vaccinations and licenses current, and follow the building's rules on shared spaces.
- Clean thoroughly at move-out, and treat for fleas if your lease requires it.
- Tell the landlord in writing before you add another animal.

${notLegalAdvice}`,
  },
  {
    slug: 'how-to-write-a-listing-that-rents',
    category: 'for-landlords',
    title: 'How to write a listing that rents',
    summary:
      "A clear title, an honest description, a complete price and accurate details bring the right renters faster. A landlord's guide to each part of a Cooper Home listing.",
    tags: ['listing', 'landlords', 'pricing'],
    publishedOn: '2026-04-13',
    body: `A good listing does two jobs. It helps the right renters find your home, and it answers their questions before they ask, so the enquiries you get are from people who are already a good fit. The most effective listings are not the most glowing; they are the most complete and the most honest.

## Before you start

On Cooper Home, only landlords list homes: choose the **Landlord** role under Profile details on [your profile](/userprofile) first. Then start a listing at [/properties/new](/properties/new). The form has four steps (the home, price and terms, location, details), and a new listing starts as a draft that only you can see until you publish it.

Have these ready:

- the rent, the deposit and every monthly fee;
- which utilities are included;
- the address, with the unit number;
- the number of bedrooms and bathrooms, the interior area in square feet and the year built;
- the date the home is available;
- your pet policy;
- your photos (see [preparing your listing photos](/knowledge/preparing-your-listing-photos)).

## The title and the description

### A title that says what it is

Renters scan titles in a list of results. Lead with the facts that decide a visit: size, type, and one real strength. "Bright 2-bed apartment with in-unit laundry near the river" works better than "Must see!!" Titles can be 5 to 120 characters.

### A description that answers questions

Write the description for someone who has never seen the street. Cover, in short paragraphs:

- the layout, room by room, and the light;
- what has been updated recently, and what has not;
- heating, cooling and laundry;
- parking, storage and outdoor space;
- the building and the neighborhood: transit, shops, noise;
- the terms that matter: the minimum lease, who pays which utility, and the house rules.

Describe the home, never the tenant you want. Phrases like "perfect for a young professional", "no kids" or "Christians preferred" can break fair housing law; see [screening tenants fairly](/knowledge/screening-tenants-fairly).

## Price and terms: the whole price

Enter the monthly rent, the minimum term in months and the security deposit. Then add **every recurring fee a tenant must pay**, each with its name and monthly amount: amenity, trash, water, parking that comes with the home, a technology fee. Charges only some tenants pay, such as pet rent, belong in the pet policy instead. Cooper Home adds them to the rent to show the **all-in monthly cost** on the listing, in search results and in the price filter. Renters compare homes by that figure (see [how to read an all-in monthly cost](/knowledge/how-to-read-an-all-in-monthly-cost)).

Leaving a required fee out does not make a home cheaper; it makes the listing inaccurate, and renters who find it at the lease signing walk away. Listing every recurring fee is one of the rules landlords agree to when they publish.

Price against the market. Look at similar homes nearby on [/properties](/properties), by all-in cost, not rent alone. A home priced right rents faster, and every empty month costs more than a small discount.

## Location and details

Check the address and move the map pin if it is not on the building. Pick every amenity that truly applies, and only those: renters filter by them, and a wrong one wastes everyone's time. Say whether cats and dogs are allowed, and add any limits in the pet policy. Set the date the home is really available.

## Keep the listing current

- Answer messages promptly. A quick, helpful reply is the strongest signal that a landlord is reliable.
- Confirm the listing is still available at least every 30 days. A published listing that has not been confirmed for 30 days drops out of search, and we e-mail you a reminder; one click on **Confirm still available** under My listings on your profile brings it back.
- Use **Mark leased** as soon as you sign with a tenant, or **Archive** the listing, so nobody enquires about a home that is gone.

Fair housing, licensing and disclosure rules apply to listings, and some of them vary by state and city.

${notLegalAdvice}`,
  },
  {
    slug: 'screening-tenants-fairly',
    category: 'for-landlords',
    title: 'Screening tenants fairly',
    summary:
      'How to choose a tenant with clear, consistent criteria that respect fair housing law, from the listing to the decision letter.',
    tags: ['fair-housing', 'screening', 'landlords'],
    publishedOn: '2026-05-04',
    body: `Choosing a tenant is one of the most important decisions a landlord makes, and one of the most regulated. The safest way to screen is also the fairest: decide your criteria before you list, write them down, and apply them the same way to every applicant.

## Who is protected

The federal Fair Housing Act forbids discrimination in renting because of:

- race or color;
- religion;
- sex;
- national origin;
- familial status, meaning households with children under 18 or someone pregnant;
- disability.

Many states and cities protect more characteristics, such as sexual orientation, gender identity, age, marital status, military or veteran status, source of income (including housing vouchers), or certain criminal records. Check your state's and city's rules before you write your criteria. Cooper Home's [Terms of Use](/terms) forbid discrimination on any of these grounds, including sexual orientation and gender identity, and on any other ground protected where the home is.

Discrimination is not only refusing someone. It also includes different terms, different prices or deposits, steering people toward or away from certain homes, saying a home is taken when it is not, and wording in a listing that suggests a preference.

## Set your criteria before you list

Write down what an applicant needs to qualify, and make every requirement relevant to whether they can pay the rent and look after the home. Common criteria:

- **Income.** For example, a monthly income of a set multiple of the rent. Count all lawful, verifiable income; where source of income is protected, housing vouchers and benefits count too.
- **Rental history.** References from previous landlords, and no unpaid judgments for rent within a set period.
- **Credit.** If you use it, decide in advance what you will look at and why. A thin credit file is not the same as a bad one.
- **Occupancy.** Follow local occupancy standards; do not set a lower limit to keep out families with children.
- **Criminal history.** Blanket bans on anyone with any record can be discriminatory. If you consider records at all, look only at convictions relevant to safety or property, consider how long ago they were, and follow state and local rules, some of which limit this strictly.

Write the criteria on a one-page sheet and give it to every applicant, or link to it from your listing's description.

## Apply them the same way to everyone

- Answer every enquiry in the same way and with the same information.
- Offer viewings on the same terms.
- Use the same application, the same fee and the same checks for every applicant.
- Consider applications in the order they are complete, or by another rule you have written down.
- Keep notes of why each decision was made.

### Reasonable accommodations

A tenant or applicant with a disability may ask you to change a rule, such as a no-pets rule for an assistance animal or a reserved parking space near the door. You must consider the request and grant it if it is reasonable. See [renting with pets](/knowledge/renting-with-pets) for how assistance animals differ from pets.

## Background checks and the decision

If you use a tenant screening report, the federal Fair Credit Reporting Act applies: get the applicant's written permission first, and if you turn someone down or ask for a higher deposit because of the report, send an adverse action notice naming the screening company and explaining their right to see and dispute the report.

Application fees are capped or restricted in some states and cities. Charge only what the law allows, tell applicants what the fee pays for, and do not take fees from more applicants than you can consider for the home.

## On Cooper Home

Write your listing about the home, not about the people you hope will live there (see [how to write a listing that rents](/knowledge/how-to-write-a-listing-that-rents)). Keep your conversations with applicants in Cooper Home messages, where both sides have a record. Discrimination breaks our [Terms of Use](/terms): anyone may report a listing or a message they believe is discriminatory, and we remove content that breaks the rule.

${notLegalAdvice}`,
  },
  {
    slug: 'how-the-cooper-index-is-computed',
    category: 'market-data',
    title: 'How the Cooper Index is computed',
    summary:
      'The Cooper Index follows the asking rent of the same homes over time, so a month with more luxury listings does not fake a rise. How the figures are computed, how sure each one is, and what they cannot tell you.',
    tags: ['cooper-index', 'rents', 'method', 'repeat-rent'],
    publishedOn: '2026-06-01',
    body: `The Cooper Index tracks the typical asking rent of homes listed on Cooper Home, and how fast it is changing, for the nation, each state and each city with enough data, for all homes and by bedrooms (studio or one, two, three or more). It is recomputed every night. Here is the method in plain words.

## What the index measures

The homes on offer change from month to month: if more large or luxury homes come up for rent in May than in April, a simple median rises even when no landlord asked a cent more. The Cooper Index avoids this by comparing **each home only with itself**: it follows how the asking rent of the same home changes from one time it is offered to the next. This is the repeat-sales idea of the Case–Shiller home price indexes, applied to rents.

## Observations, homes and pairs

An **observation** is one **letting**: a home offered to new tenants, from the day its listing goes on the market until it is let. Its rent is the last asking rent of that time, counted in the month the home was offered: a price cut while it waits for a tenant is not a fall in the market. It is the rent alone, not the all-in monthly cost with fees. Nightly prices are left out, and so are rent reviews of homes already let, a different market from homes offered to new tenants. A home still on the market counts once it is let, or after 90 days without a new price, so a cut still to come is not missed.

A **home** (or unit) is one address and unit number, written in a standard way: "Apt. 4B" and "Unit 4b" are the same home. A home offered again later under a new listing counts as the same home.

A **pair** is two consecutive lettings of the same home, at least a month apart.

### What is left out

- **A home that changed.** If the type of home, the bedrooms or the size (by more than about 5%) changed between two rents, the pair is dropped.
- **Outliers.** A rent that more than doubled or fell by more than half between two lets (a change beyond ±0.7 on the log scale) is most likely an error or a different kind of letting, such as furnished, and is dropped.

## From pairs to an index

A weighted repeat-rent regression combines a city's pairs into the monthly series that fits them best, in three stages: a plain fit; a measure of how far homes stray from it, which grows with the time between two rents; and a refit giving less weight to pairs far apart in time.

### A short example

A two-bedroom home in Wilmington asked $1,500 in March 2025 and $1,560 in March 2026: its rent rose 4%. Another asked $1,800 in September 2025 and $1,818 in March 2026: up 1% in six months. Thousands of such pairs, overlapping in time, pin down how much the typical rent moved each month.

### The nation and the states

The nation's and each state's index is the average of their cities' indexes, each weighted by the homes let there over the base year: a city counts for the homes it has, not for how often they change hands. Their pages list the cities and weights.

### The base period and the dollar level

Each series averages 100 over its base year, the same calendar year for every series with enough data in each of its months ("2023 = 100"): an index of 108 means rents 8% higher than then. In dollars, the latest month is anchored to the **typical rent**: the average of rents between the 35th and 65th percentiles let over the latest three months, as Zillow's rent index does. Every other month follows from the index.

## How sure each figure is

### The 90% band

Every figure comes with a 90% band: how far it may be off because of which homes happened to be let, counting that one home's rents move together. If the method holds, the true value lies within it nine times in ten; it does not cover asking rents that differ from what homes let for. On test markets with a known true path, price cuts and rent reviews, the band held the truth in 90% of months, and in markets of 2,000 pairs or more the index stayed within 1% of it.

### Pairs and homes

Each month shows the pairs and homes behind it: 40 pairs and 4,000 look alike on a chart but deserve different trust.

### "Not enough data"

A month touched by fewer than 30 pairs shows **not enough data** instead of a number. Below that, the band widens quickly, and a month's level would be less certain than a whole year's change in rents.

## Averages and changes

Only **complete months** are published; the month in progress is never a headline. Each market also shows a **3-month moving average**. **Year-over-year** change compares a month with the same month a year earlier, which sets aside the seasons. **Month-over-month** change is that of the 3-month average, since one month alone is noisy, and it is **not seasonally adjusted**: a fall can be the season, not the market. A figure that needs a month without enough data is not shown.

## Limits

- **Asking rents, not signed leases.** It shows what landlords ask, not what tenants agreed to pay.
- **Cooper Home's listings only.** It reflects the homes listed with us, not every home for rent.
- **It is not a valuation.** It cannot tell you what a particular home should rent for; see [reading rent data wisely](/knowledge/reading-rent-data-wisely).

If a figure looks wrong, write to us at ${siteConfig.email}.

${notLegalAdvice}`,
  },
  {
    slug: 'reading-rent-data-wisely',
    category: 'market-data',
    title: 'Reading rent data wisely',
    summary:
      'Rent figures are everywhere, and they rarely agree. How to read a rent index, a median or a headline, and how to use them when you search, negotiate or set a rent.',
    tags: ['rents', 'negotiating', 'cooper-index'],
    publishedOn: '2026-07-06',
    body: `"Rents are up 6%." "Rents fell last month." Both headlines can be true at the same time, about the same city, because they measure different things. Before you use a figure to decide what to pay or what to ask, it helps to know what it is made of.

## Four questions to ask of any rent figure

### 1. Asking rents or signed leases?

Figures built from listings, like the [Cooper Index](/knowledge/how-the-cooper-index-is-computed), show what landlords are asking for homes on the market now. Figures built from signed leases show what tenants agreed to pay, often after some negotiation. Asking rents react faster to a change in the market; signed rents are closer to what people finally pay.

### 2. New leases or every tenant?

Some figures follow only homes that were newly rented; others include every tenant, including people who have lived in the same home for years at an older rent. The second kind moves slowly and usually sits below what a newcomer will pay.

### 3. Rent alone or the all-in cost?

A figure based on headline rent leaves out amenity, trash, parking and other required fees. The Cooper Index follows asking rents alone, so its dollar level can be lower than an all-in figure for the same city; the all-in monthly cost on each listing tells you what a particular home will cost you. Neither is wrong; they answer different questions.

### 4. Median or average, and how many homes?

A median is the middle value; an average can be pulled up by a handful of very expensive homes. And any figure built from a small number of homes moves a lot from month to month by chance alone.

## Seasons and the mix of homes

Rents follow a season in much of the country: more homes are listed, and asking rents are often higher, in late spring and summer, when many people move. A fall from July to November may be the season, not a turn in the market. Compare a month with the same month a year earlier when you can.

The mix of homes matters too. A month with many large family houses on the market will show a higher median than a month with many studios, even if no individual rent changed. Indexes that compare the same home over time, as the Cooper Index does, are built to set this mix aside.

## Using rent data as a renter

- **Use the index for direction, and listings for price.** The index tells you whether a city is getting dearer. To judge one home, compare it with similar homes listed now: on [/properties](/properties), search the same area with the same number of bedrooms, and look at the all-in monthly costs.
- **At renewal,** compare your proposed new rent plus fees with what similar homes nearby ask today. If they ask less, say so politely, with examples. Moving has real costs for you, and a vacancy has real costs for your landlord.
- **Negotiate more than the rent.** A longer lease, a waived fee, a parking space or a fresh coat of paint may be easier for a landlord to give than a lower rent.

## Using rent data as a landlord

- Price against homes that are truly comparable, by all-in cost, size, condition and location, not against a city-wide median.
- If a listing has had few enquiries after two or three weeks, the price is the first thing to look at.
- Remember that any rent increase must follow your lease and the notice and rent rules where the home is; some cities and states limit increases.

## Keep perspective

No index can tell you what a particular home is worth to you. Light, noise, the commute, the landlord's reliability and the length of the lease all matter as much as a few dollars of difference in the median. Use figures to ask better questions, not to replace your own judgment.

${notLegalAdvice}`,
  },
  {
    slug: 'moving-out-and-getting-your-deposit-back',
    category: 'moving',
    title: 'Moving out and getting your deposit back',
    summary:
      'A step-by-step checklist for the last weeks of a tenancy: giving notice, cleaning, the final walk-through, and what to do if deductions seem unfair.',
    tags: ['move-out', 'deposit', 'checklist'],
    publishedOn: '2026-08-03',
    body: `The end of a tenancy is when most disputes between renters and landlords happen, and nearly all of them are about the deposit. A little planning in the last month makes it far more likely that you get all of it back, on time.

## One to two months before

- **Check your lease** for the notice period, the end date, and any cleaning or move-out rules (professional carpet cleaning, for example; whether a landlord may require it varies by state).
- **Give notice in writing**, in the way the lease asks, and keep a copy. A Cooper Home message or an e-mail leaves a dated record; some leases require a letter.
- **Ask for a pre-move-out inspection** if your state or your landlord offers one. It tells you what the landlord would charge for, while you still have time to fix it.
- **Book the movers** or the van, and arrange time off work for the day.

## The last two weeks

### Repairs

Fix what you damaged: fill small nail holes if your lease allows it, replace bulbs, reattach the shelf you took down. Do not attempt large repairs or repainting without asking; a poor repair can cost more than the original damage.

### Utilities and post

- Arrange for your utilities to be closed or transferred on the day you leave, and take a photo of each meter on that day.
- Forward your mail with the postal service, and update your address with your bank, employer and insurer.
- Cancel or move your renter's insurance from the day after you leave.

## The cleaning checklist

Leave the home as clean as it was when you moved in. Room by room:

- **Kitchen:** inside and outside the oven, fridge, freezer, microwave and dishwasher; the stovetop and range hood; cabinets and drawers, inside and out; the sink and faucets.
- **Bathrooms:** toilet, bath or shower, tiles and grout, mirror, cabinets, the exhaust fan cover.
- **Every room:** floors vacuumed and mopped, baseboards, windowsills, light switches, the inside of closets, marks on walls wiped where paint allows it.
- **Outside:** balcony, patio or yard cleared; trash taken out; nothing left in storage or parking.

Take everything with you. Items left behind are often charged for, and rules on how long a landlord must keep them vary by state.

## Your last day

1. **Photograph and video every room**, in the same order and from the same corners as your [move-in inspection](/knowledge/move-in-inspection-with-photos), after cleaning.
2. **Walk through with the landlord** if you can, and note anything they raise.
3. **Return every key**, fob and remote, and get a written receipt listing them.
4. **Give your forwarding address in writing.** Without it, a deposit or an itemized statement may not reach you.

## When the deposit comes back

Most states set a deadline for the landlord to return the deposit or send a written, itemized list of deductions, often between two weeks and two months after you move out. Our guide to [security deposits](/knowledge/security-deposits-what-to-expect) explains what can and cannot be deducted.

### If you disagree with a deduction

- Reply in writing, politely and specifically, attaching your move-in and move-out photos and any receipts.
- Point to normal wear and tear, which generally cannot be charged for.
- Propose a figure you would accept, if part of the charge is fair.
- If that fails, small claims court is the usual next step. It does not require a lawyer, the fee is modest, and in some states a landlord who keeps a deposit in bad faith owes a penalty on top.

${notLegalAdvice}`,
  },
  {
    slug: 'planning-your-move-timeline',
    category: 'moving',
    title: 'Planning your move: an eight-week timeline',
    summary:
      'From the day you decide to move to the first night in your new home: what to do each week so nothing is left to the last minute.',
    tags: ['moving', 'planning', 'checklist'],
    publishedOn: '2026-09-07',
    body: `A move is a hundred small jobs, and most of them are easy if they are done at the right time. This timeline assumes about eight weeks between deciding to move and moving day. If you have less, start at the week that matches and do the earlier weeks' jobs first.

## Eight to six weeks before

### Money and the search

- Set your budget as an all-in monthly cost: rent plus every recurring fee, plus the utilities you will pay yourself. See [how to read an all-in monthly cost](/knowledge/how-to-read-an-all-in-monthly-cost).
- Work out the cash you need at signing: often the first month's rent, a deposit, and application fees, plus the cost of the move itself.
- Start your search on [/properties](/properties). Save the homes you like with the heart on each card; they are kept under **Saved homes** on your profile, with each home's all-in cost, so you can compare them later.

### Your current home

- Read your current lease for the notice period and end date. If you need to leave before the end, read [breaking a lease](/knowledge/breaking-a-lease) first.

## Six to four weeks before

- **View homes** and ask the [questions to ask before signing a lease](/knowledge/questions-to-ask-before-signing-a-lease).
- **Gather your application papers:** photo ID, proof of income such as recent pay stubs or an offer letter, references from previous landlords, and, if you have a pet, its records.
- **Apply** only to homes you would actually take, since application fees add up.
- **Watch for scams:** never pay before you have seen the home and have a written lease. See [spotting rental scams](/knowledge/spotting-rental-scams).
- **Give notice** at your current home, in writing, as soon as your new lease is signed.

## Four to two weeks before

- Book movers or a van. Get two or three quotes, and check that a moving company is licensed and insured; interstate movers are registered with the federal government.
- Start packing what you do not use every day. Label boxes with the room they go to and a short list of contents.
- Sell, donate or recycle what you will not take. Fewer boxes means a cheaper move.
- Arrange electricity, gas, internet and water at the new home from your move-in date, and closing or transfer at the old one.
- Buy renter's insurance for the new home, starting on the day you get the keys. See [renter's insurance, explained](/knowledge/renters-insurance-explained).

## The last week

- Forward your mail and update your address with your bank, employer, insurer and the voter register.
- Pack a first-night box: bedding, towels, a kettle or coffee maker, phone chargers, basic tools, toilet paper, medicines and your important documents.
- Clean the old home, and follow the checklist in [moving out and getting your deposit back](/knowledge/moving-out-and-getting-your-deposit-back).
- Confirm the time and the key handover with your new landlord, and the arrival time with the movers.

## Moving day and the first week

- Before unloading, do the [move-in inspection with photos](/knowledge/move-in-inspection-with-photos) while the rooms are empty.
- Test faucets, heating, alarms and locks, as in the [move-in day checklist](/knowledge/renters-checklist-for-move-in-day).
- Count your keys, photograph the meters, and report anything broken in writing.
- Unpack the kitchen and the bedrooms first; the rest can wait.

Notice periods, deposit rules and what a landlord must provide at move-in vary by state and city.

${notLegalAdvice}`,
  },
]
