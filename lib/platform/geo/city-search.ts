import { cityLabel, loadGazetteer, type City } from "./place-names";

export type CityMatch = { label: string; latitude: number; longitude: number };

const toMatch = (city: City): CityMatch => ({ label: cityLabel(city), latitude: city.loc.coordinates[1], longitude: city.loc.coordinates[0] });

/** Lower case without accents: "munchen" finds München. */
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();

let folded: Promise<{ city: City; name: string; region: string }[]> | null = null;
/** The gazetteer's names and regions folded once per process. */
const foldedCities = () =>
  (folded ??= loadGazetteer().then(({ cities }) =>
    cities.map((city) => ({ city, name: fold(city.name), region: fold(cityLabel(city).split(", ")[1] ?? "") })),
  ));

/**
 * Towns of the shipped gazetteer (no network) whose name starts with what was typed, the most
 * populous first; "Berlin, DE" narrows to the region after the comma (a country, or a US state or
 * Canadian province).
 */
export const searchCities = async ({ query, limit = 8 }: { query: string; limit?: number }): Promise<CityMatch[]> => {
  const [name = "", region = ""] = fold(query)
    .split(",", 2)
    .map((part) => part.trim());
  if (name.length < 2) return [];
  const found: City[] = [];
  for (const entry of await foldedCities()) {
    if (entry.name.startsWith(name) && entry.region.startsWith(region)) found.push(entry.city);
  }
  return found
    .sort((a, b) => b.population - a.population)
    .slice(0, limit)
    .map(toMatch);
};

/** The town a label names ("Berlin, DE" as searchCities gives it, or a name alone: the most populous of that name); null when none. */
export const findCity = async (label: string): Promise<CityMatch | null> => {
  const matches = await searchCities({ query: label, limit: 50 });
  const name = (text: string) => fold(text.split(",")[0]);
  return matches.find((match) => fold(match.label) === fold(label)) ?? matches.find((match) => name(match.label) === name(label)) ?? null;
};
