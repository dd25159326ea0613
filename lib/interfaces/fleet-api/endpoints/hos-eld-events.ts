import { listDriversEldEvents } from "@/lib/hos/eld-events/list-eld-events";
import { listVehicles } from "@/lib/fleet/vehicles/list-vehicles";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import * as queries from "../queries";
import type { HosEldEventsQuery } from "../queries";
import { presentDriverEldEvents, type HosDriverEldEventsRecord } from "../records/eld-event-record";
import { FLEET_RESPONSES } from "../response-schemas";
import type { EndpointContext } from "./context";
import { hosEndpoint, pageDrivers, rangeOf } from "./hos";

/** GET /beta/fleet/hos/drivers/eld-events: per driver, the stored ELD event records of the range (every record status). */
export const listHosEldEventsPage = ({ db, tenant, version, query, now = new Date() }: EndpointContext & { query: HosEldEventsQuery; now?: Date }) => {
  const range = rangeOf(query, now);
  return pageDrivers<HosDriverEldEventsRecord>({
    db,
    tenant,
    version,
    query,
    endpoint: "beta/fleet/hos/drivers/eld-events",
    present: async (drivers) => {
      const events = await listDriversEldEvents({ db, ...tenant, driverIds: drivers.map((driver) => driver.id), from: range.start, to: range.end });
      const vehicleIds = [...new Set([...events.values()].flat().flatMap((event) => (event.vehicleId === null ? [] : [event.vehicleId])))];
      const vehicles = vehicleIds.length > 0 ? await listVehicles({ db, ...tenant, vehicleIds, archive: "all", limit: vehicleIds.length }) : [];
      const vehicleNames = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle.name]));
      return drivers.map((driver) => presentDriverEldEvents({ driver, events: events.get(driver.id) ?? [], vehicleNames }));
    },
  });
};

export const hosEldEventsEndpoint = defineFleetEndpoint({
  ...hosEndpoint,
  path: "/beta/fleet/hos/drivers/eld-events",
  summary: "HOS ELD events",
  description:
    "Each driver's ELD event records (49 CFR 395 subpart B Appendix A 7) with their time in the range: duty-status changes, intermediate " +
    "logs, PC and yard-move indications, certifications and logins, of every record status (an edit never overwrites a record: the records " +
    "it replaced are inactive-changed). Pages of drivers.",
  query: queries.hosEldEventsQuerySchema,
  response: FLEET_RESPONSES.hosEldEvents,
  run: listHosEldEventsPage,
});
