import { sql } from "drizzle-orm";
import { nullableNumber, queryRows } from "@/db/rows";
import type { DeviceModel, UnclaimedProtocol } from "@/db/schema";
import type { TenantQuery } from "@/lib/platform/tenant";

/** A device is online when its vehicle has a report from it in the last 10 minutes (docs/decisions.md "## Devices"). */
export const ONLINE_WINDOW_MS = 10 * 60_000;

export type DeviceConnection = "online" | "offline" | "never";

/** A registered device with what it last reported (only the vehicle's reports written since it was bound count). */
export type DeviceListItem = {
  id: number;
  identifier: string;
  model: DeviceModel;
  name: string;
  vehicleId: number | null;
  vehicleName: string | null;
  vehicleExternalIds: Record<string, string> | null;
  /** The bound vehicle is archived: its device's reports are still stored, under that vehicle. */
  vehicleArchived: boolean;
  boundAt: Date | null;
  createdAt: Date;
  lastReportAt: Date | null;
  latitude: number | null;
  longitude: number | null;
  /** Percent, as phones report it. */
  battery: number | null;
  /** Supply voltage, as hardware trackers report it (docs/trackers.md). */
  batteryMilliVolts: number | null;
  connection: DeviceConnection;
  /**
   * The device's last message of any kind (heartbeats and logins too, positions or not): the protocol it spoke and
   * what that protocol calls the message, recorded a few seconds late (docs/decisions.md "Last message of each device").
   */
  lastMessage: { at: Date; protocol: UnclaimedProtocol; kind: string } | null;
};

type RawDevice = {
  id: number;
  identifier: string;
  model: DeviceModel;
  name: string;
  vehicle_id: number | null;
  vehicle_name: string | null;
  vehicle_external_ids: Record<string, string> | null;
  vehicle_archived: boolean | null;
  bound_at: string | Date | null;
  created_at: string | Date;
  location_time: string | Date | null;
  stats_time: string | Date | null;
  latitude: unknown;
  longitude: unknown;
  battery: unknown;
  battery_milli_volts: unknown;
  last_message_at: string | Date | null;
  last_message_protocol: UnclaimedProtocol | null;
  last_message_kind: string | null;
};

const toDate = (value: string | Date | null) => (value === null ? null : new Date(value));

export const connectionOf = (lastReportAt: Date | null, now: Date): DeviceConnection =>
  lastReportAt === null ? "never" : now.getTime() - lastReportAt.getTime() <= ONLINE_WINDOW_MS ? "online" : "offline";

type ListDevicesOptions = TenantQuery & { afterId?: number; limit: number; models?: readonly DeviceModel[]; identifiers?: readonly string[]; now?: Date };

/**
 * The tenant's devices in id order (keyset after `afterId`), each with its vehicle and its last report:
 * the vehicle's latest state when it was written after the binding (a vehicle's earlier reports came from
 * another device), the battery of that last position and the latest supply voltage.
 */
export const listDevices = async ({
  db,
  companyId,
  dataset,
  afterId,
  limit,
  models,
  identifiers,
  now = new Date(),
}: ListDevicesOptions): Promise<DeviceListItem[]> => {
  const after = afterId === undefined ? sql`` : sql`and d.id > ${afterId}`;
  const byModel = models?.length ? sql`and d.model = any(${`{${models.join(",")}}`}::text[])` : sql``;
  const byIdentifier = identifiers?.length ? sql`and d.identifier = any(${sql.param(identifiers)}::text[])` : sql``;
  // Written after the binding (its feed sequence; a device bound before sequences were kept: stamped after it).
  const located = sql`(s.location_seq > d.bound_seq or (d.bound_seq is null and s.location_time >= d.bound_at))`;
  const measured = sql`(s.stats_seq > d.bound_seq or (d.bound_seq is null and s.stats_time >= d.bound_at))`;
  const rows = await queryRows<RawDevice>(
    db,
    sql`select d.id, d.identifier, d.model, d.name, d.vehicle_id, v.name as vehicle_name, v.external_ids as vehicle_external_ids,
          v.archived_at is not null as vehicle_archived, d.bound_at, d.created_at,
          d.last_message_at, d.last_message_protocol, d.last_message_kind,
          case when ${located} then s.location_time end as location_time,
          case when ${measured} then s.stats_time end as stats_time,
          case when ${located} then s.latitude end as latitude,
          case when ${located} then s.longitude end as longitude,
          case when ${measured} then s.battery_milli_volts end as battery_milli_volts,
          p.battery
        from devices d
        left join vehicles v on v.company_id = d.company_id and v.id = d.vehicle_id
        left join vehicle_state s on s.company_id = d.company_id and s.vehicle_id = d.vehicle_id
        left join vehicle_positions p on p.company_id = d.company_id and p.vehicle_id = d.vehicle_id and p.time = s.location_time and ${located}
        where d.company_id = ${companyId} and d.dataset = ${dataset} ${after} ${byModel} ${byIdentifier}
        order by d.id limit ${limit}`,
  );
  return rows.map((row) => {
    const times = [toDate(row.location_time), toDate(row.stats_time)].filter((time): time is Date => time !== null);
    const lastReportAt = times.length ? new Date(Math.max(...times.map((time) => time.getTime()))) : null;
    return {
      id: Number(row.id),
      identifier: row.identifier,
      model: row.model,
      name: row.name,
      vehicleId: row.vehicle_id === null ? null : Number(row.vehicle_id),
      vehicleName: row.vehicle_name,
      vehicleExternalIds: row.vehicle_external_ids,
      vehicleArchived: row.vehicle_archived === true,
      boundAt: toDate(row.bound_at),
      createdAt: new Date(row.created_at),
      lastReportAt,
      latitude: nullableNumber(row.latitude),
      longitude: nullableNumber(row.longitude),
      battery: nullableNumber(row.battery),
      batteryMilliVolts: nullableNumber(row.battery_milli_volts),
      connection: connectionOf(lastReportAt, now),
      lastMessage:
        row.last_message_at === null || row.last_message_protocol === null || row.last_message_kind === null
          ? null
          : { at: new Date(row.last_message_at), protocol: row.last_message_protocol, kind: row.last_message_kind },
    };
  });
};
