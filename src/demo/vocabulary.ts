// The words of the generated resource: a city's service requests (311-style), in plain English.
// Categories are listed most frequent first (the generator draws them by Zipf rank); each names the
// agency that handles it, how long it takes to close (mean days), and what callers say about it.
//
// Reserved words: "leak" occurs only in the "Water Leak" category's phrases (rank 5, about 4% of
// records: the bench's common word), "peacock" never occurs (the generator injects it as the rare
// needle) and "tortoise" occurs nowhere (the bench's absent word). vocabulary.test.ts checks all three.

export interface CategoryInfo {
  name: string
  agency: string
  meanDays: number
  /** What the caller reports: the description's first sentence. */
  problems: readonly string[]
}

export const CATEGORIES: readonly CategoryInfo[] = [
  { name: 'Noise - Residential', agency: 'Police Department', meanDays: 1, problems: ['Loud music from the apartment above', 'Banging and pounding through the wall', 'Loud talking in the hallway', 'A party with loud music', 'A dog barking for hours'] },
  { name: 'Illegal Parking', agency: 'Police Department', meanDays: 1, problems: ['A car is parked across the driveway', 'A truck is double parked', 'A van is parked in the bus stop', 'Cars are parked on the sidewalk', 'A car is parked at the hydrant'] },
  { name: 'Heat and Hot Water', agency: 'Housing Department', meanDays: 4, problems: ['No heat in the apartment', 'No hot water in the building', 'The radiator is cold', 'Heat comes on only at night', 'The boiler keeps shutting off'] },
  { name: 'Street Condition', agency: 'Transportation Department', meanDays: 12, problems: ['A deep pothole in the road', 'The asphalt is cracked and sinking', 'A manhole cover is loose', 'The road is flooded after rain', 'Paint markings have worn away'] },
  { name: 'Blocked Driveway', agency: 'Police Department', meanDays: 1, problems: ['A car blocks the driveway', 'A delivery truck blocks the garage', 'The driveway is blocked every morning', 'A parked trailer blocks the entrance'] },
  { name: 'Water Leak', agency: 'Environmental Protection', meanDays: 6, problems: ['Water is leaking from the ceiling', 'A hydrant is leaking onto the street', 'A leak under the sidewalk', 'The water main seems to leak', 'Water leaks from the meter box'] },
  { name: 'Street Light Out', agency: 'Transportation Department', meanDays: 9, problems: ['The street light is out', 'A street light flickers all night', 'Several lights are dark on the block', 'The lamp post was knocked over'] },
  { name: 'Sanitation Condition', agency: 'Sanitation Department', meanDays: 5, problems: ['Garbage was not collected', 'Overflowing litter basket', 'Recycling was left on the curb', 'Bulky items were dumped on the corner', 'Spilled trash along the block'] },
  { name: 'Graffiti', agency: 'Sanitation Department', meanDays: 21, problems: ['Graffiti on the front of the building', 'Graffiti on a mailbox', 'Tags painted on the bridge', 'Graffiti on the school fence'] },
  { name: 'Unsanitary Condition', agency: 'Housing Department', meanDays: 14, problems: ['Mold in the bathroom', 'Mice in the kitchen', 'Roaches in the apartment', 'A broken window in the stairwell', 'Peeling paint in the hallway'] },
  { name: 'Rodent', agency: 'Health Department', meanDays: 18, problems: ['Rats in the back yard', 'Rats running across the playground', 'Rat burrows near the trash bins', 'Mice seen in the restaurant'] },
  { name: 'Damaged Tree', agency: 'Parks Department', meanDays: 30, problems: ['A large branch is hanging over the road', 'A tree fell onto a parked car', 'The tree roots lift the sidewalk', 'A dead tree in front of the house'] },
  { name: 'Abandoned Vehicle', agency: 'Police Department', meanDays: 7, problems: ['A car without plates has been parked for weeks', 'A burned car on the street', 'A van with flat tires has not moved in a month', 'A motorcycle chained to the fence for months'] },
  { name: 'Sidewalk Condition', agency: 'Transportation Department', meanDays: 35, problems: ['A broken sidewalk slab', 'The curb is crumbling', 'Ice on the sidewalk was never cleared', 'A trip hazard near the bus stop'] },
  { name: 'Traffic Signal', agency: 'Transportation Department', meanDays: 2, problems: ['The traffic signal is stuck on red', 'The walk signal does not work', 'A signal is flashing yellow', 'The signal head is turned the wrong way'] },
  { name: 'Dirty Conditions', agency: 'Sanitation Department', meanDays: 6, problems: ['Dog waste all over the sidewalk', 'Broken glass in the gutter', 'Weeds and litter in the vacant lot', 'Grease spilled on the pavement'] },
  { name: 'Snow or Ice', agency: 'Sanitation Department', meanDays: 2, problems: ['The street was not plowed', 'Snow piled at the crosswalk', 'Ice on the steps of the station', 'The bike lane is covered in snow'] },
  { name: 'Elevator', agency: 'Buildings Department', meanDays: 10, problems: ['The elevator is out of service', 'The elevator door does not close', 'The elevator stops between floors', 'The elevator inspection has expired'] },
  { name: 'Construction Noise', agency: 'Environmental Protection', meanDays: 3, problems: ['Jackhammering before seven in the morning', 'Work on the site continues after hours', 'Drilling on a Sunday', 'A generator running all night'] },
  { name: 'Food Establishment', agency: 'Health Department', meanDays: 20, problems: ['A restaurant kitchen looks dirty', 'Food was served cold and undercooked', 'No hand washing sink for the staff', 'Flies near the food counter'] },
  { name: 'Building Permit', agency: 'Buildings Department', meanDays: 25, problems: ['Work without a permit', 'An illegal conversion of the basement', 'Scaffolding is left without a permit', 'A new floor added without approval'] },
  { name: 'Air Quality', agency: 'Environmental Protection', meanDays: 16, problems: ['Smoke from a chimney', 'A strong chemical odor', 'Dust from the demolition site', 'An idling bus outside the school'] },
  { name: 'Homeless Assistance', agency: 'Social Services', meanDays: 1, problems: ['A person sleeping in the station needs help', 'A family without shelter asks for help', 'A man in the park seems unwell', 'People sleeping under the bridge'] },
  { name: 'Parks Maintenance', agency: 'Parks Department', meanDays: 15, problems: ['A broken swing in the playground', 'The water fountain does not work', 'Benches are broken', 'The park gate is left open at night'] },
  { name: 'Missed Recycling', agency: 'Sanitation Department', meanDays: 4, problems: ['Recycling pickup was missed', 'Paper recycling was not collected', 'The compost bin was not emptied'] },
  { name: 'Animal Abuse', agency: 'Police Department', meanDays: 2, problems: ['A dog left in a hot car', 'A dog chained outside in the cold', 'Neglected cats in the yard'] },
  { name: 'Bike Lane', agency: 'Transportation Department', meanDays: 11, problems: ['Cars parked in the bike lane', 'The bike lane paint has faded', 'A broken bike rack'] },
  { name: 'Taxi Complaint', agency: 'Taxi Commission', meanDays: 40, problems: ['The driver refused the fare', 'The driver was rude', 'The meter was not turned on', 'The taxi drove recklessly'] },
  { name: 'Lead Paint', agency: 'Housing Department', meanDays: 28, problems: ['Peeling paint in a room with a child', 'Paint dust after renovation work'] },
  { name: 'Plant Disease', agency: 'Parks Department', meanDays: 45, problems: ['Leaves on the street tree are spotted', 'Bark is peeling from the oak'] },
]

/** Status and its share of the records; "Closed" and "Cancelled" requests have a closing date. */
export const STATUS_SHARES: ReadonlyArray<readonly [string, number]> = [
  ['Closed', 0.62], ['Open', 0.14], ['In Progress', 0.1], ['Assigned', 0.07], ['Pending', 0.05], ['Cancelled', 0.02],
]

/** Districts, most frequent first. */
export const DISTRICTS: readonly string[] = [
  'Riverside', 'Old Town', 'Harbor', 'Northgate', 'Hillcrest', 'Eastfield', 'West End', 'Southbank', 'Greenwood', 'Lakeview', 'Mill Valley', 'Airport',
]

/** How the request came in, with shares. */
export const CHANNEL_SHARES: ReadonlyArray<readonly [string, number]> = [
  ['Phone', 0.46], ['Online', 0.27], ['Mobile app', 0.21], ['Email', 0.04], ['Walk-in', 0.02],
]

const STREET_NAMES = [
  'Main', 'Oak', 'Maple', 'Cedar', 'Elm', 'Pine', 'Walnut', 'Chestnut', 'Spruce', 'Birch', 'Willow', 'Cherry', 'Park', 'Lake', 'Hill',
  'Church', 'Market', 'Mill', 'Bridge', 'Station', 'Union', 'Washington', 'Lincoln', 'Jefferson', 'Madison', 'Franklin', 'Jackson',
  'Grant', 'Sherman', 'Harrison', 'Garfield', 'Adams', 'Monroe', 'Highland', 'Prospect', 'Spring', 'Summer', 'Winter', 'Forest',
  'Meadow', 'Orchard', 'Garden', 'Ridge', 'Valley', 'River', 'Harbor', 'Bay', 'Ocean', 'Sunset', 'Sunrise', 'College', 'School',
  'Academy', 'Court', 'Center', 'Front', 'Water', 'Canal', 'Dock', 'Pier', 'Railroad', 'Factory', 'Foundry', 'Quarry', 'Vine',
  'Rose', 'Lily', 'Ivy', 'Holly', 'Laurel', 'Magnolia', 'Poplar', 'Sycamore', 'Hickory', 'Juniper', 'Aspen', 'Cypress', 'Hawthorn',
  'Beacon', 'Liberty', 'Independence', 'Victory', 'Pleasant', 'Fairview', 'Greenfield', 'Brookside', 'Kingston', 'Wellington',
  'Clinton', 'Hamilton', 'Warren', 'Mercer', 'Fulton', 'Hudson', 'Morris', 'Essex', 'Sussex', 'Dover', 'Bedford', 'Chester',
]
const STREET_KINDS = ['Street', 'Avenue', 'Road', 'Boulevard', 'Lane', 'Place', 'Drive', 'Terrace']
const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th', '11th', '12th', '14th', '21st', '42nd']

/** Street names, in a fixed order (the generator draws them by Zipf rank: main roads get most calls). */
export function streetNames(): string[] {
  const streets: string[] = []
  for (let kind = 0; kind < STREET_KINDS.length; kind++) {
    for (const name of STREET_NAMES) streets.push(`${name} ${STREET_KINDS[kind]}`)
    for (const ordinal of ORDINALS) streets.push(`${ordinal} ${STREET_KINDS[kind]}`)
  }
  // Interleave kinds so that the most frequent ranks hold a mix of streets and avenues.
  const width = STREET_NAMES.length + ORDINALS.length
  const mixed: string[] = []
  for (let i = 0; i < width; i++) for (let kind = 0; kind < STREET_KINDS.length; kind++) mixed.push(streets[kind * width + i])
  return mixed
}

/** Where: the description's second part ("{street}" is replaced by a street name). */
export const PLACES: readonly string[] = [
  'in front of the building on {street}', 'at the corner of {street}', 'near the school on {street}', 'outside the deli on {street}',
  'behind the church on {street}', 'next to the bus stop on {street}', 'across from the park on {street}', 'in the alley off {street}',
  'by the pharmacy on {street}', 'at the end of {street}',
]

/** When: the description's third part. */
export const TIMES: readonly string[] = [
  'since last night', 'every evening', 'since Monday', 'for two weeks', 'this morning', 'on weekends', 'after midnight',
  'for over a month', 'again today', 'since the storm',
]

/** An optional closing remark. */
export const REMARKS: readonly string[] = [
  'Caller asked for a call back.', 'Third report this month.', 'Neighbors have complained too.', 'Photos were attached.',
  'Caller wants to stay anonymous.', 'The landlord was told but did nothing.', 'Children walk past here every day.',
  'Please send someone soon.', 'Same problem as last year.',
]

/** The injected rare word's sentence (`{needle}` is replaced by the needle text). */
export const NEEDLE_SENTENCE = 'A {needle} is wandering loose on {street}, caller is worried it will be hit by a car.'
