import { z } from "zod";
import { setDutyStatus } from "@/lib/hos/records/set-duty-status";
import { defineFleetEndpoint } from "../define-fleet-endpoint";

/** Samsara's legacy body (snake_case, milliseconds); only On Duty and Off Duty may be set this way. */
const dutyStatusBodySchema = z.object({
  duty_status: z.enum(["ON_DUTY", "OFF_DUTY"]),
  location: z.string().trim().min(1).max(200).optional(),
  remark: z.string().max(500).optional(),
  status_change_at_ms: z.number().int().positive().optional(),
  vehicle_id: z.number().int().positive().max(2_147_483_647).optional(),
});

const STATUSES = { ON_DUTY: "onDuty", OFF_DUTY: "offDuty" } as const;

export const setDutyStatusEndpoint = defineFleetEndpoint({
  method: "POST",
  path: "/v1/fleet/drivers/{driverId}/hos/duty_status",
  scope: "hos:write",
  summary: "Set a driver's current duty status",
  description:
    "Samsara's hoursOfService.setCurrentDutyStatus: a manual log entry for the driver, now or dated up to " +
    "8 hours back (never in the future). Setting the status already in effect changes nothing.",
  params: z.object({
    driverId: z
      .string()
      .regex(/^\d{1,9}$/, "a numeric id")
      .transform(Number),
  }),
  body: dutyStatusBodySchema,
  status: 204,
  errors: ["not_found", "conflict"],
  run: async ({ db, tenant, params, body }) => {
    await setDutyStatus({
      db,
      ...tenant,
      driverId: params.driverId,
      status: STATUSES[body.duty_status],
      at: body.status_change_at_ms === undefined ? undefined : new Date(body.status_change_at_ms),
      vehicleId: body.vehicle_id,
      remark: body.remark,
      locationName: body.location,
    });
  },
});
