import { containsPoint, type LocatablePlace } from "./place-geometry";

/** Grid cells of 0.01° (about 1.1 km north-south): a position is tested only against the places of its cell. */
const CELL_DEGREES = 0.01;
/** A place spanning more cells than this (tens of km) is kept out of the grid and tested for every point. */
const MAX_CELLS_PER_PLACE = 256;

const cellOf = (degrees: number) => Math.floor(degrees / CELL_DEGREES);
const keyOf = (latitudeCell: number, longitudeCell: number) => latitudeCell * 40_000 + longitudeCell;

/**
 * The places containing a point, for many points against the same places (one processor batch):
 * each place's bounding box is entered in the grid cells it overlaps, once. Returns the places in
 * the order given, as a filter over all of them would.
 */
export const indexPlaces = <Place extends LocatablePlace>(places: readonly Place[]) => {
  const cells = new Map<number, number[]>();
  const everywhere: number[] = [];
  places.forEach((place, index) => {
    const [south, north, west, east] = [cellOf(place.minLatitude), cellOf(place.maxLatitude), cellOf(place.minLongitude), cellOf(place.maxLongitude)];
    if ((north - south + 1) * (east - west + 1) > MAX_CELLS_PER_PLACE) return void everywhere.push(index);
    for (let latitude = south; latitude <= north; latitude++) {
      for (let longitude = west; longitude <= east; longitude++) {
        const key = keyOf(latitude, longitude);
        const cell = cells.get(key);
        if (cell) cell.push(index);
        else cells.set(key, [index]);
      }
    }
  });
  return (point: { latitude: number; longitude: number }): Place[] => {
    const cell = cells.get(keyOf(cellOf(point.latitude), cellOf(point.longitude))) ?? [];
    const candidates = everywhere.length === 0 ? cell : [...cell, ...everywhere].sort((a, b) => a - b);
    const found: Place[] = [];
    for (const index of candidates) if (containsPoint(places[index], point)) found.push(places[index]);
    return found;
  };
};
