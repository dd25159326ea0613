import { checkField, checkRecord, type Cell as FieldValue, type RecordField, type TelemetryTenant } from "./telemetry-batch";

/** A packed value: a field's, or `superseded`. */
type Cell = FieldValue | boolean;
type TelemetryRecord = TelemetryTenant & { vehicleId: number; time: Date };

/**
 * One tenant's records of one kind as columns (`vehicleId`, `time` in epoch milliseconds, one per
 * field, and `superseded`: true where a later row of the same vehicle follows), in time order then
 * vehicle id: the order their change sequence numbers follow.
 */
export type PackedRows = {
  tenant: TelemetryTenant;
  count: number;
  columns: Record<string, Cell[]>;
  first: number;
  last: number;
};

type Group = { tenant: TelemetryTenant; columns: Record<string, Cell[]>; fieldColumns: Cell[][]; inOrder: boolean };

/** Puts rows in time order (then vehicle id), leaving out a row with the vehicle and time of the one before it: a resend within the batch. */
const reorder = (columns: Record<string, Cell[]>) => {
  const times = columns.time as number[];
  const vehicles = columns.vehicleId as number[];
  const before = (a: number, b: number) => times[a] - times[b] || vehicles[a] - vehicles[b];
  const order = times.map((_, index) => index).sort(before);
  const kept = order.filter((index, k) => k === 0 || before(order[k - 1], index) !== 0);
  return Object.fromEntries(Object.entries(columns).map(([name, values]) => [name, kept.map((index) => values[index])]));
};

const finish = ({ tenant, columns: unordered, inOrder }: Group): PackedRows => {
  const columns = inOrder ? unordered : reorder(unordered);
  const vehicles = columns.vehicleId as number[];
  const times = columns.time as number[];
  // Only a vehicle's last row of the batch moves its stored state.
  const seen = new Set<number>();
  const superseded: Cell[] = new Array(vehicles.length).fill(null);
  for (let k = vehicles.length - 1; k >= 0; k--) {
    if (seen.has(vehicles[k])) superseded[k] = true;
    else seen.add(vehicles[k]);
  }
  return { tenant, count: vehicles.length, columns: { ...columns, superseded }, first: times[0] ?? Infinity, last: times.at(-1) ?? -Infinity };
};

/**
 * Checks every record (400 naming `kind[index].field` for the first bad value, in batch order) and
 * packs them into columns per tenant, in ONE pass that reads each field once: at 10,000 points a
 * second this pass is a visible share of the ingest time.
 */
export const packRecords = <R extends TelemetryRecord>({ records, fields, kind, nowMs }: { records: readonly R[]; fields: readonly RecordField<R>[]; kind: string; nowMs: number }) => {
  const groups = new Map<string, Group>();
  let group: Group | undefined;
  for (let index = 0; index < records.length; index++) {
    const record = records[index];
    const where = () => `${kind}[${index}]`;
    const time = checkRecord(record, where, nowMs);
    if (!group || group.tenant.companyId !== record.companyId || group.tenant.dataset !== record.dataset) {
      const key = `${record.companyId}:${record.dataset}`;
      group = groups.get(key);
      if (!group) {
        const columns: Record<string, Cell[]> = { vehicleId: [], time: [] };
        for (const field of fields) columns[field.name] = [];
        const fieldColumns = fields.map((field) => columns[field.name]);
        groups.set(key, (group = { tenant: { companyId: record.companyId, dataset: record.dataset }, columns, fieldColumns, inOrder: true }));
      }
    }
    const { columns, fieldColumns } = group;
    const previous = columns.time.length - 1;
    if (previous >= 0 && (time < (columns.time[previous] as number) || (time === columns.time[previous] && record.vehicleId <= (columns.vehicleId[previous] as number)))) group.inOrder = false;
    columns.vehicleId.push(record.vehicleId);
    columns.time.push(time);
    for (let f = 0; f < fields.length; f++) {
      const value = fields[f].read(record);
      checkField(fields[f], value, where);
      fieldColumns[f].push(value);
    }
  }
  return [...groups.values()].map(finish);
};
