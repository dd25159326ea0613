import type { z } from "zod";
import type { Scope } from "@/lib/api-keys/scopes";
import { buildEndpoint, type Endpoint, type EndpointMethod, type EndpointSpec } from "@/lib/http";
import { withFleetApi, type FleetCaller } from "./with-fleet-api";

/** A /fleet endpoint: the shared definition plus the scope its key needs. */
export type FleetEndpoint<M extends EndpointMethod = EndpointMethod> = Endpoint<M> & { scope: Scope };

/**
 * Defines a /fleet endpoint once: the route file exports its handler (`route(...)`), the OpenAPI
 * operation and the tests' auth matrix are derived from it. `run` gets the wrapper's caller (db,
 * tenant, version...) and the parsed params, query and body; it returns the current version's body.
 */
export const defineFleetEndpoint = <M extends EndpointMethod, P extends z.ZodObject | undefined = undefined, Q extends z.ZodObject | undefined = undefined, B extends z.ZodType | undefined = undefined>(
  spec: EndpointSpec<M, P, Q, B, FleetCaller> & { scope: Scope },
): FleetEndpoint<M> => buildEndpoint(withFleetApi, spec, { scope: spec.scope }) as FleetEndpoint<M>;
