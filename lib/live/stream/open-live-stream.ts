import { subscribeFleetEvents } from "@/lib/telemetry/fleet-events/fleet-event-bus";
import type { FleetEvent } from "@/lib/telemetry/fleet-events/fleet-event";
import { getLiveStreamLimits } from "@/lib/platform/config";
import { logger } from "@/lib/platform/logger";
import type { Tenant } from "@/lib/platform/tenant";
import type { LiveChanges } from "./read-live-changes";
import { formatServerSentEvent, SERVER_SENT_HEARTBEAT } from "./server-sent-events";

/**
 * What a fleet event of each kind does to a stream of its tenant: "read" reads the change feed after
 * the stream's sequence (the map's telemetry); "forward" sends the event itself, under its kind (the
 * alerts stream's `incident`).
 */
export type StreamedEvents = Partial<Record<FleetEvent["kind"], "read" | "forward">>;

/** A stream's next message: the changes committed after `afterSeq`, and the sequence they reach (null: nothing new). */
export type ReadAfter = (afterSeq: number) => Promise<{ seq: number; changes: LiveChanges } | null>;

export type LiveStreamOptions = {
  tenant: Tenant;
  /** The last change sequence the subscriber has (its snapshot's, or Last-Event-ID on a reconnect). */
  afterSeq: number;
  read: ReadAfter;
  /** Default: telemetry is read. */
  events?: StreamedEvents;
  /** Asked before every read and every sweep: false ends the stream with an `end` event (a revoked or expired share link). */
  isAllowed?: () => Promise<boolean>;
  /** The request's signal: a closed connection stops everything. */
  signal: AbortSignal;
  /** Called when the stream ends, however it ends (gives back its place under the stream caps); a late cancel may call it again, so it must be idempotent. */
  onClose?: () => void;
  /**
   * Bounds the first read to LIVE_STREAM_REPLAY_CHANGES of the tenant's changes before `headSeq()`:
   * an older `afterSeq` is moved up to that bound ("clamp": a share link, which shows the latest
   * position only) or ends the stream at once ("end": the map, which then pages the change feeds).
   */
  replay?: { headSeq: () => Promise<number>; beyond: "clamp" | "end" };
  /** Reads anyway this often (a lost notification, the permission check); default 2 s. */
  sweepMs?: number;
  heartbeatMs?: number;
  subscribe?: typeof subscribeFleetEvents;
};

const encoder = new TextEncoder();

/**
 * A tenant's live changes as server-sent events. Each `changes` event carries every change after the
 * previous event's id up to its own id (the change sequence), so a reconnect with Last-Event-ID
 * resumes with no gap and no repeat. Work per connection is bounded: a burst of notifications
 * becomes one read (another right after, if more came meanwhile), never a read per notification.
 */
export const openLiveStream = ({
  tenant,
  afterSeq,
  read,
  events = { telemetry: "read" },
  isAllowed,
  signal,
  onClose,
  replay,
  sweepMs = 2_000,
  heartbeatMs = 15_000,
  subscribe = subscribeFleetEvents,
}: LiveStreamOptions) => {
  let seq = afterSeq;
  let replayChecked = !replay;
  let reading = false;
  let again = false;
  let closed = false;
  const cleanups: (() => void)[] = onClose ? [onClose] : [];

  return new ReadableStream<Uint8Array>({
    start: (controller) => {
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const close = () => {
        if (closed) return;
        closed = true;
        for (const cleanup of cleanups) cleanup();
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      };
      const catchUp = async () => {
        if (isAllowed && !(await isAllowed())) {
          send(formatServerSentEvent({ event: "end", data: { reason: "This live view has ended." } }));
          close();
          return;
        }
        if (!replayChecked && replay) {
          replayChecked = true;
          const floor = (await replay.headSeq()) - getLiveStreamLimits().replayChanges;
          if (seq < floor && replay.beyond === "end") {
            send(formatServerSentEvent({ event: "end", data: { reason: "This stream cannot catch up from that far back: reload." } }));
            close();
            return;
          }
          seq = Math.max(seq, floor);
        }
        for (;;) {
          const next = await read(seq);
          if (!next || closed) return;
          // Nothing for this subscriber (a share link's vehicle did not move): no message, same resume point either way.
          if (next.changes.locations.length + next.changes.stats.length > 0)
            send(formatServerSentEvent({ id: next.seq, event: "changes", data: next.changes }));
          seq = next.seq;
        }
      };
      const pump = async () => {
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        try {
          do {
            again = false;
            await catchUp();
          } while (again && !closed);
        } catch (error) {
          logger.error({ err: error, companyId: tenant.companyId }, "live stream read failed");
          close();
        } finally {
          reading = false;
        }
      };
      cleanups.push(
        subscribe((event) => {
          if (closed || event.companyId !== tenant.companyId || event.dataset !== tenant.dataset) return;
          const action = events[event.kind];
          if (action === "read") void pump();
          else if (action === "forward") send(formatServerSentEvent({ event: event.kind, data: event }));
        }),
      );
      const sweep = setInterval(() => void pump(), sweepMs);
      const heartbeat = setInterval(() => send(SERVER_SENT_HEARTBEAT), heartbeatMs);
      cleanups.push(
        () => clearInterval(sweep),
        () => clearInterval(heartbeat),
      );
      signal.addEventListener("abort", close, { once: true });
      // Reconnect after 2 s if the connection drops (EventSource's default is about 3 s).
      send("retry: 2000\n\n");
      void pump();
    },
    cancel: () => {
      closed = true;
      for (const cleanup of cleanups) cleanup();
    },
  });
};
