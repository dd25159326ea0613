import { exchangeClientKey } from "@/lib/legacy-api/exchange-client-key";
import { withLegacyRequest } from "@/lib/legacy-api/with-legacy-api";

export const dynamic = "force-dynamic";

/** GET /api/v1/auth: `X-Client-Key` (legacy name `client_key`) → `{ userId: null, token }`. */
export const GET = withLegacyRequest(async ({ request, db }) =>
  exchangeClientKey({ db, clientKey: request.headers.get("x-client-key") ?? request.headers.get("client_key") }),
);
