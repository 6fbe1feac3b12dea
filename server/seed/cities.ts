// The cities of the demo and benchmark listings: a centre, ZIP codes, neighbourhoods, streets, and
// the typical monthly rent of a one-bedroom there (whole dollars), which sets every price.
export type SeedCity = {
  city: string
  state: string
  latitude: number
  longitude: number
  zips: string[]
  neighbourhoods: string[]
  streets: string[]
  oneBedroomRent: number
  /** Share of homes also let by the night (beach towns let many). */
  shortTermShare: number
  /** How many of the demo listings are here. */
  weight: number
}

export const SEED_CITIES: SeedCity[] = [
  {
    city: 'Wilmington', state: 'DE', latitude: 39.7459, longitude: -75.5466, zips: ['19801', '19802', '19805', '19806', '19809'],
    neighbourhoods: ['Trolley Square', 'Downtown', 'Riverfront', 'Little Italy', 'Forty Acres', 'Highlands', 'Cool Spring'],
    streets: ['Market Street', 'Delaware Avenue', 'Pennsylvania Avenue', 'Union Street', 'Lovering Avenue', 'Washington Street', 'Rodney Street'],
    oneBedroomRent: 1350, shortTermShare: 0.05, weight: 14,
  },
  {
    city: 'Newark', state: 'DE', latitude: 39.6837, longitude: -75.7497, zips: ['19711', '19713'],
    neighbourhoods: ['Old Newark', 'Main Street', 'Fairfield', 'College Park', 'Cherry Hill Manor'],
    streets: ['Main Street', 'Elkton Road', 'Delaware Avenue', 'Academy Street', 'Chapel Street', 'Barksdale Road'],
    oneBedroomRent: 1300, shortTermShare: 0.04, weight: 9,
  },
  {
    city: 'Dover', state: 'DE', latitude: 39.1582, longitude: -75.5244, zips: ['19901', '19904'],
    neighbourhoods: ['The Green', 'Capitol Park', 'Rodney Village', 'Woodcrest', 'Fox Hall'],
    streets: ['State Street', 'Loockerman Street', 'Governors Avenue', 'Division Street', 'Walker Road'],
    oneBedroomRent: 1150, shortTermShare: 0.03, weight: 7,
  },
  {
    city: 'Lewes', state: 'DE', latitude: 38.7746, longitude: -75.1393, zips: ['19958'],
    neighbourhoods: ['Canalfront', 'Pilottown', 'Lewes Beach', 'Historic District', 'Showfield'],
    streets: ['Savannah Road', 'Front Street', 'Kings Highway', 'Pilottown Road', 'Second Street'],
    oneBedroomRent: 1700, shortTermShare: 0.45, weight: 5,
  },
  {
    city: 'Rehoboth Beach', state: 'DE', latitude: 38.7209, longitude: -75.076, zips: ['19971'],
    neighbourhoods: ['North Shores', 'Downtown', 'Country Club Estates', 'Henlopen Acres', 'The Pines'],
    streets: ['Rehoboth Avenue', 'Baltimore Avenue', 'Olive Avenue', 'Lake Avenue', 'Columbia Avenue'],
    oneBedroomRent: 1900, shortTermShare: 0.55, weight: 5,
  },
  {
    city: 'Philadelphia', state: 'PA', latitude: 39.9526, longitude: -75.1652, zips: ['19103', '19106', '19123', '19147', '19130'],
    neighbourhoods: ['Rittenhouse', 'Old City', 'Northern Liberties', 'Queen Village', 'Fairmount', 'Fishtown'],
    streets: ['Spruce Street', 'Walnut Street', 'Pine Street', 'Girard Avenue', 'Fairmount Avenue', 'Christian Street'],
    oneBedroomRent: 1700, shortTermShare: 0.08, weight: 10,
  },
  {
    city: 'Baltimore', state: 'MD', latitude: 39.2904, longitude: -76.6122, zips: ['21201', '21202', '21224', '21230', '21231'],
    neighbourhoods: ['Mount Vernon', 'Canton', 'Federal Hill', 'Fells Point', 'Hampden'],
    streets: ['Charles Street', 'Boston Street', 'Light Street', 'Thames Street', 'Eastern Avenue'],
    oneBedroomRent: 1450, shortTermShare: 0.07, weight: 8,
  },
  {
    city: 'Washington', state: 'DC', latitude: 38.9072, longitude: -77.0369, zips: ['20001', '20002', '20003', '20009'],
    neighbourhoods: ['Shaw', 'Capitol Hill', 'Dupont Circle', 'Navy Yard', 'Adams Morgan'],
    streets: ['14th Street NW', 'Massachusetts Avenue NE', 'U Street NW', 'M Street SE', 'Columbia Road NW'],
    oneBedroomRent: 2200, shortTermShare: 0.08, weight: 9,
  },
  {
    city: 'Brooklyn', state: 'NY', latitude: 40.6782, longitude: -73.9442, zips: ['11201', '11211', '11215', '11238'],
    neighbourhoods: ['Brooklyn Heights', 'Williamsburg', 'Park Slope', 'Prospect Heights', 'Bed-Stuy'],
    streets: ['Atlantic Avenue', 'Bedford Avenue', '7th Avenue', 'Vanderbilt Avenue', 'Henry Street'],
    oneBedroomRent: 2900, shortTermShare: 0.06, weight: 9,
  },
  {
    city: 'Queens', state: 'NY', latitude: 40.7447, longitude: -73.9485, zips: ['11101', '11103', '11375'],
    neighbourhoods: ['Long Island City', 'Astoria', 'Forest Hills', 'Sunnyside'],
    streets: ['Vernon Boulevard', 'Steinway Street', 'Austin Street', 'Queens Boulevard', 'Ditmars Boulevard'],
    oneBedroomRent: 2400, shortTermShare: 0.05, weight: 6,
  },
  {
    city: 'Austin', state: 'TX', latitude: 30.2672, longitude: -97.7431, zips: ['78701', '78702', '78704', '78751'],
    neighbourhoods: ['Downtown', 'South Congress', 'East Austin', 'Hyde Park', 'Zilker'],
    streets: ['Congress Avenue', 'East 6th Street', 'South Lamar Boulevard', 'Guadalupe Street', 'Barton Springs Road'],
    oneBedroomRent: 1600, shortTermShare: 0.12, weight: 9,
  },
  {
    city: 'Chicago', state: 'IL', latitude: 41.8781, longitude: -87.6298, zips: ['60601', '60614', '60622', '60657'],
    neighbourhoods: ['Lincoln Park', 'Wicker Park', 'Lakeview', 'The Loop', 'Logan Square'],
    streets: ['Clark Street', 'Milwaukee Avenue', 'Halsted Street', 'Wabash Avenue', 'Armitage Avenue'],
    oneBedroomRent: 1750, shortTermShare: 0.06, weight: 9,
  },
]
