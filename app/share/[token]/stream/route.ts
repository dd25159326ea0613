import { z } from "zod";
import { AppError } from "@/lib/errors";
import { getClientIp, withRequest } from "@/lib/http";
import { openSharedStream } from "@/lib/live-shares/shared-position";
import { parseResumeSeq, SERVER_SENT_EVENTS_HEADERS } from "@/lib/live-stream/server-sent-events";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ token: z.string().max(100) });

/** A live sharing link's vehicle positions as server-sent events: no sign-in (the token is the credential); ends when the link does; open streams are capped per link and per address (429). */
export const GET = withRequest(async ({ request, params, db }) => {
  const parsed = paramsSchema.safeParse(params);
  // Anything that is not a link's token is no link: the same 404 as an unknown one.
  if (!parsed.success) throw new AppError("not_found", "No such live sharing link.");
  const { token } = parsed.data;
  const afterSeq = parseResumeSeq({ lastEventId: request.headers.get("last-event-id"), after: new URL(request.url).searchParams.get("after") });
  if (afterSeq === null) throw new AppError("bad_request", "after: give the change sequence to start after (the page's streamSeq).");
  const stream = await openSharedStream({ db, token, afterSeq, address: getClientIp(request), signal: request.signal });
  return new Response(stream, { headers: { ...SERVER_SENT_EVENTS_HEADERS, "X-Robots-Tag": "noindex" } });
});
