import type { z } from "zod";
import type { Scope } from "@/lib/access/api-keys/scopes";
import { isAppError } from "@/lib/platform/errors";
import { buildEndpoint, type Endpoint, type EndpointMethod, type EndpointSpec } from "@/lib/platform/http";
import { recordForeignLookup } from "@/lib/platform/audit";
import { foreignRecordOf } from "./foreign-records";
import { applyTagFilter, checkTagFilter, type TagFilterTarget } from "./tag-filter";
import { withFleetApi, type FleetCaller } from "./with-fleet-api";

/** A /fleet endpoint: the shared definition plus the scope its key needs. */
export type FleetEndpoint<M extends EndpointMethod = EndpointMethod> = Endpoint<M> & { scope: Scope };

/**
 * Defines a /fleet endpoint once: the route file exports its handler (`route(...)`), the OpenAPI
 * operation and the tests' auth matrix are derived from it. `run` gets the wrapper's caller (db,
 * tenant, version...) and the parsed params, query and body; it returns the current version's body.
 * `tagFilter`: the query's Samsara tag filters (tagFilterQuery) are applied here, before `run`, to the
 * ids it names (tag-filter.ts), so every endpoint reads them alike and none can ignore them.
 * A 404 on a route that names one record (`/fleet/vehicles/{id}`...) whose id another company holds is
 * recorded in that company's audit log (foreign-records.ts); the answer stays the same 404.
 */
export const defineFleetEndpoint = <
  M extends EndpointMethod,
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  spec: EndpointSpec<M, P, Q, B, FleetCaller> & { scope: Scope; tagFilter?: TagFilterTarget },
): FleetEndpoint<M> => {
  const { tagFilter, ...definition } = spec;
  checkTagFilter({ path: spec.path, query: spec.query, target: tagFilter });
  const filtered: typeof spec.run = tagFilter
    ? async (args) => spec.run({ ...args, query: await applyTagFilter({ db: args.db, tenant: args.tenant, query: args.query, target: tagFilter }) })
    : spec.run;
  const record = foreignRecordOf(spec.path);
  const run: typeof spec.run = record
    ? async (args) => {
        try {
          return await filtered(args);
        } catch (error) {
          if (isAppError(error) && error.code === "not_found") {
            const id = (args.params as Record<string, string | number>)[record.param];
            await recordForeignLookup({ db: args.db, callerCompanyId: args.tenant.companyId, target: { type: record.type, id }, actor: args.actor });
          }
          throw error;
        }
      }
    : filtered;
  return buildEndpoint(withFleetApi, { ...definition, run }, { scope: spec.scope }) as FleetEndpoint<M>;
};
