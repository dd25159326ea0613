import type { z } from "zod";
import { buildEndpoint, definePublicEndpoint, type Endpoint, type EndpointMethod, type EndpointSpec } from "@/lib/platform/http";
import type { AuditActor } from "@/lib/platform/audit";
import type { AdminClaims } from "./admin-token";
import { withAdminApi } from "./with-admin-api";

/** An admin-interface endpoint; `isPublic` ones take no admin token (the token exchange itself). */
export type AdminEndpoint<M extends EndpointMethod = EndpointMethod> = Endpoint<M> & { description: string; isPublic?: true };

type AdminSpec<
  M extends EndpointMethod,
  P extends z.ZodObject | undefined,
  Q extends z.ZodObject | undefined,
  B extends z.ZodType | undefined,
  C,
> = EndpointSpec<M, P, Q, B, C> & {
  description: string;
};

/** Defines an admin endpoint behind the admin token (withAdminApi): `run` gets the token's `admin` claims and the admin as the audit log's `actor`. */
export const defineAdminEndpoint = <
  M extends EndpointMethod,
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  spec: AdminSpec<M, P, Q, B, { admin: AdminClaims; actor: AuditActor }>,
): AdminEndpoint<M> => buildEndpoint(withAdminApi, spec, {}) as AdminEndpoint<M>;

/** Defines an admin endpoint that needs no token (it issues one). */
export const definePublicAdminEndpoint = <
  M extends EndpointMethod,
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  spec: AdminSpec<M, P, Q, B, object>,
): AdminEndpoint<M> => ({ ...definePublicEndpoint(spec), description: spec.description, isPublic: true });
