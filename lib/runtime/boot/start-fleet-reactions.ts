import { alertsProcessor } from "@/lib/processing/alerts/alerts-processor";
import type { DatabaseHandle } from "@/db/client";
import { subscribeFleetEvents } from "@/lib/telemetry/fleet-events/fleet-event-bus";
import { startTelemetryProcessors, type TelemetryProcessor } from "@/lib/telemetry/fleet-events/telemetry-processors";
import { automaticDrivingProcessor } from "@/lib/hos/logbook/automatic-driving";
import { logger } from "@/lib/platform/logger";
import { updateServiceStatus } from "../service-status";
import { tripProcessor } from "@/lib/processing/trips/trip-processor";
import { trailerCouplingProcessor } from "@/lib/processing/trailer-coupling/trailer-coupling-processor";
import { maintenanceProcessor } from "@/lib/processing/maintenance/maintenance-processor";
import { harshEventsProcessor } from "@/lib/processing/safety-events/harsh-events-processor";

/** Every telemetry processor this service runs, one line each (lib/telemetry/fleet-events/telemetry-processors.ts says what one is). */
export const TELEMETRY_PROCESSORS: readonly TelemetryProcessor[] = [
  alertsProcessor,
  tripProcessor,
  automaticDrivingProcessor,
  trailerCouplingProcessor,
  maintenanceProcessor,
  harshEventsProcessor,
];

/**
 * Rows a processor takes in one transaction on PostgreSQL when behind: the trip processor's cost is
 * mostly each vehicle's state, read and written once a window, so a window of several batches catches
 * up where 5,000 rows (one 10,000-vehicle batch) fell a minute behind (docs/scaling.md). PGlite keeps
 * the default: its one connection is held for the whole window, and requests wait for it.
 */
export const POSTGRES_WINDOW = 50_000;
/** A processors' run with fewer rows than this followed live traffic, not a backlog (health says "current"). */
const KEEPING_UP_BELOW_ROWS = 5_000;

/**
 * The one event path: the telemetry processors follow each tenant's committed rows, woken by the fleet
 * events this instance hears from every instance (the bus, started first: lib/runtime/boot/boot-service.ts).
 * Returns how to stop.
 */
export const startFleetReactions = ({ database }: { database: DatabaseHandle }) =>
  startTelemetryProcessors({
    db: database.db,
    processors: TELEMETRY_PROCESSORS,
    subscribe: (onTelemetry) => subscribeFleetEvents((event) => event.kind === "telemetry" && onTelemetry()),
    onError: (error, processor) => logger.error({ err: error, processor: processor.name }, "telemetry processor failed"),
    window: database.kind === "pglite" ? undefined : POSTGRES_WINDOW,
    onRun: (processed) => updateServiceStatus({ telemetryProcessors: processed < KEEPING_UP_BELOW_ROWS ? "current" : "catching up" }),
  });
