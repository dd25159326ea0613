import { z } from "zod";
import { userActor } from "@/lib/platform/audit";
import { authorizeAction } from "@/lib/access/auth/authorize-action";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { CLIENT_IP_HEADER, readBodyText } from "@/lib/platform/http";
import { importVehicles } from "@/lib/fleet/vehicles/import-vehicles";
import { parseVehiclesCsv } from "@/lib/fleet/vehicles/parse-vehicles-csv";
import { defineDashboardEndpoint } from "./define-dashboard-endpoint";

/** 5 MB: 20,000 rows of a dozen columns, with room (server actions stop at 256 kB, hence a route). */
const MAX_CSV_BYTES = 5 * 1024 * 1024;

/**
 * The body is the file. `mode=preview` checks every row and writes nothing; `mode=import` checks
 * again and imports all or nothing. Roles without editVehicles are refused and the attempt is
 * recorded as `vehicle.denied` (before the body is read).
 */
export const importVehiclesEndpoint = defineDashboardEndpoint({
  method: "POST",
  path: "/api/dashboard/vehicles/import",
  summary: "The Vehicles page's CSV import",
  query: z.object({ mode: z.enum(["preview", "import"]), onExisting: z.enum(["update", "refuse"]).default("update") }),
  roles: SECTIONS.vehicles.roles,
  action: "import vehicles",
  run: async ({ request, requestId, db, user, query }) => {
    const actor = userActor({ user, ip: request.headers.get(CLIENT_IP_HEADER), requestId });
    await authorizeAction({ db, user, action: "editVehicles", actor, denied: { action: "vehicle.denied", target: { type: "vehicle", id: "csv" } } });
    const csv = await readBodyText(request, MAX_CSV_BYTES);
    const tenant = { db, companyId: user.companyId, dataset: "live" as const };
    if (query.mode === "import") return importVehicles({ ...tenant, csv, onExisting: query.onExisting, actor });
    const { rows, problems } = await parseVehiclesCsv({ ...tenant, csv });
    return { rows: rows.length, existing: rows.filter((row) => row.existingVehicleId !== null).length, problems };
  },
});
