import { createDriver, getDriver, listDrivers, updateDriver, type CreateDriverInput, type DriverInput } from "@/lib/drivers";
import { readAfterId, toKeysetPage } from "../pagination";
import type { DriversQuery } from "../queries";
import { presentDriver } from "../records/driver-record";
import { cursorScope, type EndpointContext } from "./context";

/** GET /fleet/drivers */
export const listDriversPage = async ({ db, tenant, query }: EndpointContext & { query: DriversQuery }) => {
  // The filter is part of the cursor's endpoint so a cursor cannot switch it mid-listing.
  const scope = cursorScope(`fleet/drivers?${query.driverActivationStatus}`, tenant);
  const rows = await listDrivers({
    db,
    ...tenant,
    driverIds: query.driverIds,
    activationStatus: query.driverActivationStatus,
    afterId: readAfterId({ after: query.after, scope }),
    limit: query.limit + 1,
  });
  return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map(presentDriver) });
};

/** GET /fleet/drivers/{id} */
export const getDriverRecord = async ({ db, tenant, driverId }: EndpointContext & { driverId: number }) => ({
  data: presentDriver(await getDriver({ db, ...tenant, driverId })),
});

/** POST /fleet/drivers */
export const createDriverRecord = async ({ db, tenant, input }: EndpointContext & { input: CreateDriverInput }) => ({
  data: presentDriver(await createDriver({ db, ...tenant, input })),
});

/** PATCH /fleet/drivers/{id} */
export const updateDriverRecord = async ({ db, tenant, driverId, input }: EndpointContext & { driverId: number; input: DriverInput }) => ({
  data: presentDriver(await updateDriver({ db, ...tenant, driverId, input })),
});
