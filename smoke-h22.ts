import { sql } from "drizzle-orm";
import { getDatabase } from "@/db/client";
import { queryRows } from "@/db/rows";
import { bootService } from "@/lib/boot/boot-service";

const started = new Date();
await bootService();
await new Promise((resolve) => setTimeout(resolve, 150_000));
const { db } = getDatabase();
console.log(await queryRows(db, sql`select v.device_id, (select count(*)::int from vehicle_positions p where p.vehicle_id = v.id and p.time > ${started.toISOString()}::timestamptz) as positions,
  (select count(*)::int from vehicle_positions p where p.vehicle_id = v.id and p.time > ${started.toISOString()}::timestamptz and p.altitude is not distinct from 0) as teltonika_marked,
  (select count(*)::int from vehicle_stat_samples s where s.vehicle_id = v.id and s.time > ${started.toISOString()}::timestamptz and s.engine_seconds is null) as tcp_stats
  from vehicles v where v.device_id ~ '^(35|86)' order by 1`));
process.exit(0);
