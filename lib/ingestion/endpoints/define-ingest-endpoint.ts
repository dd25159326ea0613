import type { z } from "zod";
import type { ZodOpenApiOperationObject } from "zod-openapi";
import type { ErrorCode } from "@/lib/platform/errors";
import { buildEndpoint, definePublicEndpoint, type Endpoint, type EndpointMethod, type EndpointSpec } from "@/lib/platform/http";
import type { Tenant } from "@/lib/platform/tenant";
import { withIngestToken } from "../batch/with-ingest-token";

/** What an ingestion operation says in OpenAPI beyond the definition. */
type IngestOpenApi = {
  /** The request as OpenAPI shows it: devices send protocol input (OsmAnd parameters, a batch checked point by point) that the domain reads itself. */
  request: Pick<ZodOpenApiOperationObject, "requestParams" | "requestBody">;
  /** The success response's description. */
  success: string;
  /** Every error code the endpoint answers, with when (the statuses come from ERROR_CODES). */
  errors: Partial<Record<ErrorCode, string>>;
};

/** A device-ingestion endpoint (/ingest): a gateway's ingest token, or (OsmAnd) the device id, is the credential. */
export type IngestEndpoint<M extends EndpointMethod = EndpointMethod> = Endpoint<M> & { credential: "ingestToken" | "deviceId"; openapi: IngestOpenApi };

type IngestSpec<M extends EndpointMethod, B extends z.ZodType | undefined, C> = EndpointSpec<M, undefined, undefined, B, C> & { openapi: IngestOpenApi };

/** Defines a gateway endpoint (withIngestToken): `run` gets the token's `tenant`. */
export const defineIngestEndpoint = <M extends EndpointMethod, B extends z.ZodType | undefined = undefined>(
  spec: IngestSpec<M, B, { tenant: Tenant }>,
): IngestEndpoint<M> => ({ ...buildEndpoint(withIngestToken, spec, {}), credential: "ingestToken" }) as IngestEndpoint<M>;

/** Defines a tracker endpoint with no caller to authenticate first: the device id it reports is the credential, checked by the domain. */
export const defineDeviceEndpoint = <M extends EndpointMethod>(spec: IngestSpec<M, undefined, object>): IngestEndpoint<M> =>
  ({ ...definePublicEndpoint(spec), credential: "deviceId" }) as IngestEndpoint<M>;
