import { z } from "zod";
import { createProposal, listProposals } from "@/lib/fleet/assignments";
import { AppError } from "@/lib/platform/errors";
import { parseInstant } from "@/lib/platform/time-range";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery, readAfterId, toKeysetPage } from "../pagination";
import { idList, LIST_PARAMS } from "../queries";
import { carrierProposalSchema, presentCarrierProposal } from "../records/carrier-proposal-record";
import { cursorScope } from "./context";

const PATH = "/fleet/carrier-proposed-assignments";

// Samsara's SDK sends ids as strings; a JSON number is taken too.
const bodyId = (what: string) =>
  z
    .union([z.string().regex(/^\d{1,9}$/, `a ${what} id`), z.number().int().positive().max(2_147_483_647)])
    .transform(Number)
    .meta({ description: `The ${what}'s id.` });

const createSchema = z
  .object({
    driverId: bodyId("driver"),
    vehicleId: bodyId("vehicle"),
    activeTime: z.string().max(64).optional().meta({ description: "RFC 3339: from when the driver's logbook shows it; default now." }),
    shippingDocs: z.string().trim().max(255).optional(),
    trailerNames: z.array(z.string().trim().min(1).max(255)).max(10).optional(),
    trailerIds: z.array(z.string()).max(10).optional().meta({ description: "Not supported yet (400): name the trailers with trailerNames." }),
  })
  .strict();

export const listCarrierProposalsEndpoint = defineFleetEndpoint({
  method: "GET",
  path: PATH,
  scope: "assignments:read",
  summary: "List carrier-proposed assignments",
  description:
    "The proposals active at activeTime (default now) that the driver has not accepted (an accepted one is a driver-vehicle " +
    "assignment now); a rejected one is listed with its rejectedTime until a new proposal replaces it.",
  query: z.object({
    ...paginationQuery,
    driverIds: idList("driver"),
    activeTime: z.string().max(64).optional().meta({ description: "RFC 3339; default now." }),
  }),
  listKeys: LIST_PARAMS,
  response: pageSchema(carrierProposalSchema, "CarrierProposedAssignmentsPage"),
  run: async ({ db, tenant, query }) => {
    const scope = cursorScope(`${PATH}?${JSON.stringify([query.driverIds, query.activeTime])}`, tenant);
    const activeAt = query.activeTime === undefined ? new Date() : parseInstant(query.activeTime, "activeTime");
    const rows = await listProposals({
      db,
      ...tenant,
      activeAt,
      driverIds: query.driverIds,
      afterId: readAfterId({ after: query.after, scope }),
      limit: query.limit + 1,
    });
    return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map(presentCarrierProposal) });
  },
});

export const createCarrierProposalEndpoint = defineFleetEndpoint({
  method: "POST",
  path: PATH,
  scope: "assignments:write",
  summary: "Propose a vehicle to a driver",
  description:
    "The driver's logbook shows the proposal from activeTime (default now) to accept or reject; accepted, the driver is assigned " +
    "to the vehicle from then. A driver has one pending proposal: a new one replaces it. 404 for a driver or vehicle of another company.",
  body: createSchema,
  response: z.object({ data: carrierProposalSchema }).meta({ id: "CarrierProposedAssignmentResponse" }),
  errors: ["not_found"],
  run: async ({ db, tenant, body, actor }) => {
    if (body.trailerIds?.length)
      throw new AppError("bad_request", 'Invalid value for "trailerIds": trailers are not supported yet; name them with trailerNames.');
    const row = await createProposal({
      db,
      ...tenant,
      actor,
      input: {
        driverId: body.driverId,
        vehicleId: body.vehicleId,
        activeTime: body.activeTime === undefined ? new Date() : parseInstant(body.activeTime, "activeTime"),
        trailerNames: body.trailerNames ?? [],
        shippingDocs: body.shippingDocs || null,
      },
    });
    return { data: presentCarrierProposal(row) };
  },
});
