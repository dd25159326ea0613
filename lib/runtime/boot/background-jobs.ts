import type { DatabaseHandle } from "@/db/client";
import { checkConditionRules } from "@/lib/processing/alerts/check-condition-rules";
import { checkSilentDevices } from "@/lib/processing/alerts/check-silent-devices";
import { getConfig } from "@/lib/platform/config";
import type { Job } from "@/lib/platform/jobs";
import { logger } from "@/lib/platform/logger";
import { startMailSender } from "@/lib/outbound/mail/send-queued-mail";
import { sendScheduledReports } from "@/lib/reports/send-scheduled-reports";
import { refreshRollups } from "@/lib/telemetry/rollups/refresh-rollups";
import { startSimulator } from "@/lib/runtime/simulator/start-simulator";
import { dropExpiredPartitions, ensurePartitions } from "@/lib/telemetry/store/partitions";
import type { TrackerPorts } from "@/lib/ingestion/trackers/start-trackers";
import { startWebhookDelivery } from "@/lib/outbound/webhooks/deliver-webhooks";
import { switchUnansweredStopPrompts } from "@/lib/hos/logbook/stop-prompts";
import { purgeExpiredDvirs } from "@/lib/fleet/inspections";
import { getPhotoStore } from "@/lib/platform/blob-store";
import { monitorEldTransfer } from "@/lib/hos/eld-transfer";
import { checkEldDataRecording } from "@/lib/hos/eld-monitors/data-recording";
import { checkEldRecording } from "@/lib/hos/logbook/recording-check";
import { startFleetReactions } from "./start-fleet-reactions";

const SECOND = 1_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Catching up after downtime: a rollup run does an hour of raw time; keep going while one still found a backlog. */
const refreshRollupsUntilCurrent = async ({ db }: { db: DatabaseHandle["db"] }) => {
  for (let run = 0; run < 24; run++) {
    const { to } = await refreshRollups({ db });
    if (!to || Date.now() - to.getTime() < 5 * 60_000) return;
  }
};

/**
 * Every piece of background work the service runs, one line each: in which roles (a process of role
 * `all` runs them all), how often, and whether once per period across instances or in each instance.
 * lib/platform/jobs runs them (no overlap, logging, one stop). The time-series housekeeping (partitions for
 * today..+2 days, retention of RETENTION_DAYS, the 1- and 15-minute rollups) and the report mail are
 * the cluster's, as is the inspection reports' retention: any role may take a period, one does.
 */
export const listBackgroundJobs = ({ database, trackerPorts }: { database: DatabaseHandle; trackerPorts?: TrackerPorts }): Job[] => {
  const { db } = database;
  const { RETENTION_DAYS } = getConfig();
  return [
    // Ingestion needs the partitions, so every role may create them.
    {
      name: "partitions",
      roles: ["web", "worker"],
      everyMs: HOUR,
      oncePerCluster: true,
      run: () => ensurePartitions({ db, from: new Date(), to: new Date(Date.now() + 2 * DAY) }),
    },
    {
      name: "retention",
      roles: ["web", "worker"],
      everyMs: DAY,
      oncePerCluster: true,
      run: async () => {
        const dropped = await dropExpiredPartitions({ db, retentionDays: RETENTION_DAYS });
        if (dropped.length > 0) logger.info({ dropped }, `retention: dropped ${dropped.length} partitions older than ${RETENTION_DAYS} days`);
      },
    },
    // Each company's inspection reports past its retention, with their photos (lib/fleet/inspections/purge-expired-dvirs.ts).
    {
      name: "inspection retention",
      roles: ["web", "worker"],
      everyMs: DAY,
      oncePerCluster: true,
      run: async () => {
        for (const purged of await purgeExpiredDvirs({ db, store: getPhotoStore() }))
          logger.info(
            purged,
            `inspection retention: deleted ${purged.dvirs} reports, ${purged.defects} defects and ${purged.photos} photos of company ${purged.companyId}`,
          );
      },
    },
    { name: "rollups", roles: ["web", "worker"], everyMs: 15 * SECOND, oncePerCluster: true, run: () => refreshRollupsUntilCurrent({ db }) },
    { name: "simulator", roles: ["web"], start: () => startSimulator({ database, trackerPorts }) },
    { name: "telemetry processors", roles: ["worker"], start: () => startFleetReactions({ database }) },
    // The alerts no telemetry drives: a device that has gone quiet, fault codes and HOS clocks (lib/processing/alerts/check-*.ts).
    { name: "silent-device check", roles: ["worker"], everyMs: 30 * SECOND, run: () => checkSilentDevices({ db }) },
    // The logbook's stop prompt (Appendix A 4.4.1.2): a driver who did not answer within the minute goes On Duty (each
    // prompt switched in its own transaction under a row lock, so instances may share the work).
    { name: "stop prompts", roles: ["worker"], everyMs: 5 * SECOND, run: () => switchUnansweredStopPrompts({ db }) },
    // The ELD data transfer monitoring (Appendix A 4.6.1.7): a check each 7 days, daily once one failed; daily runs decide.
    { name: "eld transfer check", roles: ["worker"], everyMs: DAY, oncePerCluster: true, run: () => monitorEldTransfer({ db }) },
    // Appendix A 4.6.1.5(a) and 4.6.1.8: the ELD records retained (daily), the ELD's recording of telemetry not stalled.
    { name: "eld data recording check", roles: ["worker"], everyMs: DAY, oncePerCluster: true, run: () => checkEldDataRecording({ db }) },
    { name: "eld recording stall check", roles: ["worker"], everyMs: 60 * SECOND, oncePerCluster: true, run: () => checkEldRecording({ db }) },
    { name: "fault-code and HOS alert check", roles: ["worker"], everyMs: 30 * SECOND, run: () => checkConditionRules({ db }) },
    {
      name: "webhook delivery",
      roles: ["worker"],
      start: () => startWebhookDelivery({ db, onError: (error) => logger.error({ err: error }, "webhook delivery failed") }),
    },
    { name: "mail sender", roles: ["worker"], start: () => startMailSender({ db, onError: (error) => logger.error({ err: error }, "mail sending failed") }) },
    { name: "scheduled reports", roles: ["worker"], everyMs: 60 * SECOND, oncePerCluster: true, run: () => sendScheduledReports({ db }) },
  ];
};
