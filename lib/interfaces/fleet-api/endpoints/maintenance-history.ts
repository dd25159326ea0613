import { z } from "zod";
import { defectHistory, dvirHistory } from "@/lib/fleet/inspections";
import { parseTimeRange } from "@/lib/platform/time-range";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { pageSchema, paginationQuery, readAfterId, toKeysetPage } from "../pagination";
import { idList, tagFilterQuery } from "../queries";
import { defectSchema, legacyDvirSchema, presentDefect, presentLegacyDvir } from "../records/dvir-record";
import { cursorScope } from "./context";

const NAMES = ["startTime", "endTime"] as const;
const requiredRange = (what: string) => ({
  startTime: z.string().meta({ description: `RFC 3339: ${what} at or after it. Required.` }),
  endTime: z.string().meta({ description: `RFC 3339: ${what} before it. Required; at most 30 days after startTime.` }),
});

export const dvirHistoryEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/dvirs/history",
  scope: "maintenance:read",
  summary: "DVIRs submitted in a time range (Samsara's legacy DVIR history)",
  description: "Paged in id order. Samsara's newer `GET /dvirs/stream` pages by update time.",
  query: z.object({
    ...paginationQuery,
    ...requiredRange("reports submitted"),
    vehicleIds: idList("vehicle").meta({ description: "Beyond Samsara: only these vehicles' reports." }),
    ...tagFilterQuery,
  }),
  listKeys: ["vehicleIds", "tagIds", "parentTagIds"],
  tagFilter: { members: "vehicles", narrows: "vehicleIds" },
  response: pageSchema(legacyDvirSchema, "LegacyDvirsPage"),
  run: async ({ db, tenant, query }) => {
    const range = parseTimeRange({ start: query.startTime, end: query.endTime, names: NAMES, maxDays: 30 });
    const scope = cursorScope(`dvirs/history?${range.start.getTime()}-${range.end.getTime()}&${query.vehicleIds?.join(",") ?? ""}`, tenant);
    const rows = await dvirHistory({
      db,
      ...tenant,
      startTime: range.start,
      endTime: range.end,
      vehicleIds: query.vehicleIds,
      afterId: readAfterId({ after: query.after, scope }),
      limit: query.limit + 1,
    });
    return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map(presentLegacyDvir) });
  },
});

export const defectHistoryEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/fleet/defects/history",
  scope: "maintenance:read",
  summary: "DVIR defects reported in a time range (Samsara's legacy defect history)",
  description: "Paged in id order. Samsara's newer `GET /defects/stream` pages by update time.",
  query: z.object({
    ...paginationQuery,
    ...requiredRange("defects reported"),
    isResolved: z.enum(["true", "false"]).optional().meta({ description: "Only resolved (true) or open (false) defects." }),
  }),
  response: pageSchema(defectSchema, "DvirDefectHistoryPage"),
  run: async ({ db, tenant, query }) => {
    const range = parseTimeRange({ start: query.startTime, end: query.endTime, names: NAMES, maxDays: 30 });
    const scope = cursorScope(`defects/history?${range.start.getTime()}-${range.end.getTime()}&${query.isResolved ?? ""}`, tenant);
    const rows = await defectHistory({
      db,
      ...tenant,
      startTime: range.start,
      endTime: range.end,
      isResolved: query.isResolved === undefined ? undefined : query.isResolved === "true",
      afterId: readAfterId({ after: query.after, scope }),
      limit: query.limit + 1,
    });
    return toKeysetPage({ rows, limit: query.limit, scope, idOf: (row) => row.id, present: (page) => page.map(presentDefect) });
  },
});
