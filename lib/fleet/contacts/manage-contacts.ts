import { and, asc, eq, gt, sql } from "drizzle-orm";
import { contacts } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import type { ContactInput } from "./contact-input";

const columns = { id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email, phone: contacts.phone };
export type ContactRow = { id: number; firstName: string; lastName: string; email: string; phone: string };

type Audited = { actor: AuditActor };

const notFound = (contactId: number) => new AppError("not_found", `No contact with id ${contactId}.`);
const oneContact = (tenant: Omit<TenantQuery, "db">, contactId: number) => and(whereTenant(contacts, tenant), eq(contacts.id, contactId));

/** The tenant's contacts in id order, after `afterId`. */
export const listContacts = ({ db, companyId, dataset, afterId, limit }: TenantQuery & { afterId?: number; limit: number }): Promise<ContactRow[]> =>
  db
    .select(columns)
    .from(contacts)
    .where(and(whereTenant(contacts, { companyId, dataset }), afterId === undefined ? undefined : gt(contacts.id, afterId)))
    .orderBy(asc(contacts.id))
    .limit(limit);

/** One of the tenant's contacts; 404 for another tenant's. */
export const getContact = async ({ db, companyId, dataset, contactId }: TenantQuery & { contactId: number }): Promise<ContactRow> => {
  const [row] = await db.select(columns).from(contacts).where(oneContact({ companyId, dataset }, contactId));
  if (!row) throw notFound(contactId);
  return row;
};

export const createContact = ({ db, companyId, dataset, input, actor }: TenantQuery & Audited & { input: ContactInput }): Promise<ContactRow> =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contacts)
      .values({ ...input, companyId, dataset })
      .returning(columns);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "contact.created",
      target: { type: "contact", id: row.id },
      changes: changedFields({ before: null, after: input }),
    });
    return row;
  });

/** Changes the given fields; the audit event holds those whose values changed. 404 for another tenant's contact. */
export const updateContact = ({
  db,
  companyId,
  dataset,
  contactId,
  input,
  actor,
}: TenantQuery & Audited & { contactId: number; input: ContactInput }): Promise<ContactRow> =>
  db.transaction(async (tx) => {
    const where = oneContact({ companyId, dataset }, contactId);
    const [before] = await tx.select(columns).from(contacts).where(where).for("update");
    if (!before) throw notFound(contactId);
    const [row] = await tx
      .update(contacts)
      .set({ ...input, updatedAt: sql`now()` })
      .where(where)
      .returning(columns);
    const changes = changedFields({ before, after: input });
    if (Object.keys(changes).length > 0)
      await recordAuditEvent({ db: tx, companyId, actor, action: "contact.updated", target: { type: "contact", id: contactId }, changes });
    return row;
  });

/** Deletes the contact; rules naming it mail it no more (docs/decisions.md "Contacts"). 404 for another tenant's. */
export const deleteContact = ({ db, companyId, dataset, contactId, actor }: TenantQuery & Audited & { contactId: number }) =>
  db.transaction(async (tx) => {
    const [row] = await tx.delete(contacts).where(oneContact({ companyId, dataset }, contactId)).returning(columns);
    if (!row) throw notFound(contactId);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "contact.deleted",
      target: { type: "contact", id: contactId },
      changes: changedFields({ before: row, after: { email: null } }),
    });
  });
