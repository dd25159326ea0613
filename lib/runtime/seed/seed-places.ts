import type { Executor } from "@/db/client";
import { places, type Dataset } from "@/db/schema";
import { CUSTOMERS, DEPOTS, formatPlaceAddress, gridToLatLon, placeToGrid } from "@/lib/platform/geo/chicago-grid";
import { boundingBox } from "@/lib/fleet/places/place-geometry";

const DEPOT_HALF_SIDE_DEGREES = 0.0015; // about 330 m across
const CUSTOMER_RADIUS_METERS = 80;

/** The demo's places: each depot as a square polygon, each customer site as a circle, where the simulator drives. */
export const seedPlaces = async ({ db, companyId, dataset }: { db: Executor; companyId: number; dataset: Dataset }) => {
  const depots = DEPOTS.map((depot) => {
    const centre = gridToLatLon(placeToGrid(depot));
    const d = DEPOT_HALF_SIDE_DEGREES;
    const vertices = [
      { latitude: centre.latitude - d, longitude: centre.longitude - d },
      { latitude: centre.latitude - d, longitude: centre.longitude + d },
      { latitude: centre.latitude + d, longitude: centre.longitude + d },
      { latitude: centre.latitude + d, longitude: centre.longitude - d },
    ];
    const shape = { ...centre, radiusMeters: null, vertices };
    return { companyId, dataset, name: depot.name, formattedAddress: formatPlaceAddress(depot), addressTypes: ["yard"], ...shape, ...boundingBox(shape) };
  });
  const customers = CUSTOMERS.map((customer) => {
    const shape = { ...gridToLatLon(placeToGrid(customer)), radiusMeters: CUSTOMER_RADIUS_METERS, vertices: null };
    return { companyId, dataset, name: customer.name, formattedAddress: formatPlaceAddress(customer), ...shape, ...boundingBox(shape) };
  });
  await db.insert(places).values([...depots, ...customers]);
};
