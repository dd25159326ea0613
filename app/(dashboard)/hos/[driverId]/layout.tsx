import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { getDriver } from "@/lib/fleet/drivers/get-driver";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { pageRecord } from "@/app/_server/page-record";
import { requireUser } from "@/app/_server/session";

/**
 * Another company's driver, or one that exists nowhere, is the not-found page with a 404 status: looked up here, outside
 * the page's loading boundary (loading.tsx), whose placeholder is otherwise sent first, with a 200.
 */
const Layout = async ({ children, params }: { children: ReactNode; params: Promise<{ driverId: string }> }) => {
  const user = await requireUser(SECTIONS.hos.roles);
  const { driverId } = await params;
  if (!/^\d{1,9}$/.test(driverId)) notFound();
  await pageRecord(getDriver({ db: getDb(), companyId: user.companyId, dataset: "live", driverId: Number(driverId) }));
  return children;
};

export default Layout;
