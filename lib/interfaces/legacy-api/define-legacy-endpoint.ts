import type { z } from "zod";
import type { ZodOpenApiOperationObject } from "zod-openapi";
import type { Module } from "@/db/schema";
import { buildEndpoint, definePublicEndpoint, type Endpoint, type EndpointMethod, type EndpointSpec } from "@/lib/platform/http";
import type { LegacyCaller } from "./authenticate-legacy-request";
import { withLegacyApi } from "./with-legacy-api";

/**
 * A legacy-interface endpoint (/api/v1, /api/v2). `isPublic` ones take no legacy token: the ClientKey
 * exchange, the health check and the signed camera webhook.
 */
export type LegacyEndpoint<M extends EndpointMethod = EndpointMethod> = Endpoint<M> & {
  isPublic?: true;
  /** A product module the company must have (403 otherwise). */
  requiredModule?: Module;
  /**
   * What the OpenAPI operation says beyond the definition: a request header, or the success
   * responses of a text or raw-body endpoint (the error responses stay derived from `errors`).
   */
  openapi?: Partial<ZodOpenApiOperationObject>;
};

type LegacySpec<
  M extends EndpointMethod,
  P extends z.ZodObject | undefined,
  Q extends z.ZodObject | undefined,
  B extends z.ZodType | undefined,
  C,
> = EndpointSpec<M, P, Q, B, C> & Pick<LegacyEndpoint, "openapi">;

/** Defines a token-protected legacy endpoint (withLegacyApi): `run` gets the token's `caller`. */
export const defineLegacyEndpoint = <
  M extends EndpointMethod,
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  spec: LegacySpec<M, P, Q, B, { caller: LegacyCaller }> & { requiredModule?: Module },
): LegacyEndpoint<M> => buildEndpoint(withLegacyApi, spec, { requiredModule: spec.requiredModule }) as LegacyEndpoint<M>;

/** Defines a legacy endpoint that takes no legacy token (it issues one, or has its own credential). */
export const definePublicLegacyEndpoint = <
  M extends EndpointMethod,
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  spec: LegacySpec<M, P, Q, B, object>,
): LegacyEndpoint<M> => ({ ...definePublicEndpoint(spec), isPublic: true });
