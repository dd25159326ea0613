import type { AuditActorType } from "@/db/schema";

/**
 * Who did something, and from where: the actor's kind, id and display name when it acted, the
 * client address (null when no trusted server saw one) and the request's id for the logs.
 */
export type AuditActor = {
  type: AuditActorType;
  id: string | null;
  name: string;
  ip: string | null;
  requestId: string | null;
};

type RequestFacts = { ip: string | null; requestId: string | null };

export const userActor = ({ user, ...facts }: { user: { id: number; name: string } } & RequestFacts): AuditActor => ({
  type: "user",
  id: String(user.id),
  name: user.name,
  ...facts,
});

export const apiKeyActor = ({ key, ...facts }: { key: { id: string; name: string } } & RequestFacts): AuditActor => ({
  type: "api_key",
  id: key.id,
  name: key.name,
  ...facts,
});

export const adminTokenActor = ({ user, ...facts }: { user: { id: number; name: string } } & RequestFacts): AuditActor => ({
  type: "admin_token",
  id: String(user.id),
  name: user.name,
  ...facts,
});

/** A driver signed in to the logbook. */
export const driverActor = ({ driver, ...facts }: { driver: { driverId: number; name: string } } & RequestFacts): AuditActor => ({
  type: "driver",
  id: String(driver.driverId),
  name: driver.name,
  ...facts,
});

/** Someone not signed in, known only by address: a refused sign-in (`name` says where). */
export const anonymousActor = ({ name, ip, requestId = null }: { name: string; ip: string | null; requestId?: string | null }): AuditActor => ({
  type: "anonymous",
  id: null,
  name,
  ip,
  requestId,
});

/** The operator's command-line tools (seed, scripts): no request, no address. */
export const operatorActor = (name: string): AuditActor => ({ type: "operator", id: null, name, ip: null, requestId: null });

/** The user behind an actor, when there is one (a signed-in user or an admin token's user). */
export const actorUserId = (actor: AuditActor): number | null =>
  (actor.type === "user" || actor.type === "admin_token") && actor.id !== null ? Number(actor.id) : null;
