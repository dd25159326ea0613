// The trip processor in a process of its own, as a PROCESS_ROLE=worker instance runs it: woken by the
// fleet events ingestion publishes (LISTEN/NOTIFY) and by its sweep. Started by bench/ingest-detectors.ts
// with DETECTORS_IN=worker: `npx tsx bench/detector-worker.ts <postgres url>`; prints "ready".
import { openDatabase } from "@/db/client";
import { POSTGRES_WINDOW } from "@/lib/boot/start-fleet-reactions";
import { startFleetEventBus, subscribeFleetEvents } from "@/lib/fleet-events/fleet-event-bus";
import { startTelemetryProcessors } from "@/lib/fleet-events/telemetry-processors";
import { tripProcessor } from "@/lib/trips/trip-processor";

const database = openDatabase({ url: process.argv[2] });
await startFleetEventBus({ database });
startTelemetryProcessors({
  db: database.db,
  processors: [tripProcessor],
  window: POSTGRES_WINDOW,
  subscribe: (onTelemetry) => subscribeFleetEvents((event) => event.kind === "telemetry" && onTelemetry()),
  onError: (error) => console.error("[detector-worker] trip processor:", error),
});
console.log("ready");
