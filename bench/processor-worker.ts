// Telemetry processors in a process of their own, as a PROCESS_ROLE=worker instance runs them: woken by
// the fleet events ingestion publishes (LISTEN/NOTIFY) and by their sweep. Started by the benches with
// DETECTORS_IN=worker / PROCESSORS_IN=worker: `npx tsx bench/processor-worker.ts <postgres url> [names]`
// (comma-separated processor names, default all of them); prints "ready" once listening.
import { openDatabase } from "@/db/client";
import { lowerWorkerPriority } from "@/lib/runtime/boot/worker-priority";
import { getConfig } from "@/lib/platform/config";
import { POSTGRES_WINDOW, TELEMETRY_PROCESSORS } from "@/lib/runtime/boot/start-fleet-reactions";
import { startFleetEventBus, subscribeFleetEvents } from "@/lib/telemetry/fleet-events/fleet-event-bus";
import { startTelemetryProcessors } from "@/lib/telemetry/fleet-events/telemetry-processors";

const [url, names] = process.argv.slice(2);
// As a PROCESS_ROLE=worker process does (WORKER_NICE, default 10).
lowerWorkerPriority({ nice: getConfig().WORKER_NICE });
const processors = names ? TELEMETRY_PROCESSORS.filter((processor) => names.split(",").includes(processor.name)) : TELEMETRY_PROCESSORS;
const database = openDatabase({ url });
await startFleetEventBus({ database });
startTelemetryProcessors({
  db: database.db,
  processors,
  window: POSTGRES_WINDOW,
  subscribe: (onTelemetry) => subscribeFleetEvents((event) => event.kind === "telemetry" && onTelemetry()),
  onError: (error, processor) => console.error(`[processor-worker] ${processor.name}:`, error),
});
console.log("ready");
