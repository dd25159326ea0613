import { createDriver } from "@/lib/fleet/drivers/save-driver";
import type { CreateDriverInput } from "@/lib/fleet/drivers/driver-input";
import type { AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import type { TenantQuery } from "@/lib/platform/tenant";
import { driverSecretSchema, setDriverSecret } from "./driver-logins";

/**
 * A new driver and, when `secret` is not empty, the password or PIN they sign in to the logbook with, in one
 * transaction: a refused secret creates no driver, and a created driver can sign in at once.
 */
export const createDriverWithLogin = async ({
  db,
  companyId,
  dataset,
  input,
  secret,
  actor,
}: TenantQuery & { input: CreateDriverInput; secret: string; actor: AuditActor }) => {
  const parsed = secret === "" ? null : driverSecretSchema.safeParse(secret);
  if (parsed && !parsed.success) throw new AppError("bad_request", `Invalid value for "secret": ${parsed.error.issues[0].message}.`);
  return db.transaction(async (tx) => {
    const driver = await createDriver({ db: tx, companyId, dataset, input, actor });
    if (secret !== "") await setDriverSecret({ db: tx, companyId, dataset, driverId: driver.id, secret, actor });
    return driver;
  });
};
