import grid from "./chicago-grid.json";

/**
 * Chicago's address grid: State St (x = 0) and Madison St (y = 0) are the baselines and 800 address
 * numbers make a mile. Grid coordinates are address numbers: x grows to the WEST, y to the NORTH.
 * The arterials, yards and customer stops ship in chicago-grid.json so nothing is fetched at run time.
 */
export type Axis = "ns" | "ew";
/** A straight arterial: `at` is its fixed coordinate, [from, to] its extent along the other axis. */
export type Arterial = { name: string; axis: Axis; at: number; from: number; to: number };
/** A place on an arterial: `at` is the address number along it (signed: + is north / west). */
export type StreetPlace = { name: string; street: string; at: number };
export type GridPoint = { x: number; y: number };

export const ARTERIALS = grid.arterials as Arterial[];
export const DEPOTS = grid.depots as StreetPlace[];
export const CUSTOMERS = grid.customers as StreetPlace[];
export const CITY = grid.city;

/** 800 address numbers = one mile. */
export const METERS_PER_UNIT = 1609.344 / 800;

const arterialByName = new Map(ARTERIALS.map((arterial) => [arterial.name, arterial]));

export const findArterial = (name: string): Arterial => {
  const arterial = arterialByName.get(name);
  if (!arterial) throw new Error(`Unknown arterial ${name}`);
  return arterial;
};

export const gridToLatLon = ({ x, y }: GridPoint) => ({
  latitude: grid.origin.latitude + (y / 800) * grid.degreesPer800.latitude,
  longitude: grid.origin.longitude + (x / 800) * grid.degreesPer800.longitude,
});

export const latLonToGrid = ({ latitude, longitude }: { latitude: number; longitude: number }): GridPoint => ({
  x: ((longitude - grid.origin.longitude) / grid.degreesPer800.longitude) * 800,
  y: ((latitude - grid.origin.latitude) / grid.degreesPer800.latitude) * 800,
});

/** The grid point of a place on an arterial. */
export const placeToGrid = ({ street, at }: { street: string; at: number }): GridPoint => {
  const arterial = findArterial(street);
  return arterial.axis === "ns" ? { x: arterial.at, y: at } : { x: at, y: arterial.at };
};

/** "1600 N Western Ave, Chicago, IL": the number runs along the street, prefixed by its side of the baseline. */
export const formatGridAddress = ({ arterial, along }: { arterial: Arterial; along: number }) => {
  const number = Math.round(Math.abs(along));
  const direction = arterial.axis === "ns" ? (along >= 0 ? "N" : "S") : along >= 0 ? "W" : "E";
  return `${number} ${direction} ${arterial.name}, ${CITY}`;
};

export const formatPlaceAddress = (place: { street: string; at: number }) => formatGridAddress({ arterial: findArterial(place.street), along: place.at });
