import { getClientIp, withRequest } from "@/lib/http";
import { exchangeClientKey } from "@/lib/legacy-api/exchange-client-key";

export const dynamic = "force-dynamic";

/** GET /api/v1/auth: `X-Client-Key` (legacy name `client_key`) → `{ userId: null, token }`; a few a minute per address (429). */
export const GET = withRequest(async ({ request, db }) =>
  exchangeClientKey({ db, clientKey: request.headers.get("x-client-key") ?? request.headers.get("client_key"), address: getClientIp(request) }),
);
