"use server";

// The driver–vehicle assignment actions of a driver's page (/hos/{id}) and a vehicle's edit page.
// Every export of a "use server" module is a public endpoint: each action goes through defineAction,
// which checks the session's role (lib/access/auth/role-policy.ts `assignVehicles`; a refusal is recorded as
// `assignment.denied`); each works only on the user's company's live drivers and vehicles (another
// company's ids: not found).
import { z } from "zod";
import { defineAction } from "@/app/_server/define-action";
import { readId } from "@/lib/access/actions";
import { assignFromNow, endAssignment, type AssignmentRow } from "@/lib/fleet/assignments";

const assignVehicles = (id: (raw: unknown) => unknown) =>
  ({ action: "assignVehicles", denied: { action: "assignment.denied", target: "assignment", id } }) as const;
const pair = z.object({ driverId: z.number(), vehicleId: z.number() });

/** Both pages that show the assignment change with it. */
const pagesOf = (assignment: Pick<AssignmentRow, "driverId" | "vehicleId">) => [`/hos/${assignment.driverId}`, `/vehicles/${assignment.vehicleId}/edit`];

/** From the driver's page: the driver drives this vehicle from now on (ending the driver's current assignment). */
export const assignVehicleAction = defineAction(
  {
    ...assignVehicles((raw) => `driver ${(raw as z.output<typeof pair>).driverId}`),
    input: pair,
    args: (driverId: unknown, vehicleId: unknown) => ({ driverId: readId(driverId, "driver"), vehicleId: readId(vehicleId, "vehicle") }),
  },
  async ({ input, tenant, actor, revalidate }) => {
    revalidate(...pagesOf(await assignFromNow({ ...tenant, ...input, handOver: "driver", actor })));
  },
);

/** From the vehicle's page: this driver drives the vehicle from now on (ending its current driver's assignment). */
export const assignDriverAction = defineAction(
  {
    ...assignVehicles((raw) => `vehicle ${(raw as z.output<typeof pair>).vehicleId}`),
    input: pair,
    args: (vehicleId: unknown, driverId: unknown) => ({ vehicleId: readId(vehicleId, "vehicle"), driverId: readId(driverId, "driver") }),
  },
  async ({ input, tenant, actor, revalidate }) => {
    revalidate(...pagesOf(await assignFromNow({ ...tenant, ...input, handOver: "vehicle", actor })));
  },
);

/** Ends an assignment now. */
export const endAssignmentAction = defineAction(
  { ...assignVehicles((raw) => raw), input: z.number(), args: (assignmentId: unknown) => readId(assignmentId, "assignment") },
  async ({ input: assignmentId, tenant, actor, revalidate }) => {
    revalidate(...pagesOf(await endAssignment({ ...tenant, assignmentId, actor })));
  },
);
