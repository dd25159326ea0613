import { revalidatePath } from "next/cache";
import { redirect, unstable_rethrow } from "next/navigation";
import { z } from "zod";
import type { Executor } from "@/db/client";
import { getDb } from "@/db/client";
import type { Dataset } from "@/db/schema";
import {
  ACTION_REGISTRY,
  CHECK_FIELDS,
  type ActionEntry,
  type ActionFailure,
  type ActionResult,
  type DeniedEvent,
  type FormValues,
} from "@/lib/access/actions";
import type { AuditActor, AuditTargetType } from "@/lib/platform/audit";
import type { SessionUser } from "@/lib/access/auth/auth-options";
import { authorizeAction } from "@/lib/access/auth/authorize-action";
import type { Action } from "@/lib/access/auth/role-policy";
import { AppError, isAppError } from "@/lib/platform/errors";
import { fieldErrorsFromZod } from "@/lib/platform/errors/field-errors";
import { newRequestId, toAppError } from "@/lib/platform/http";
import type { SignedInDriver } from "@/lib/hos/logbook/driver-logins";
import { driverSessionActor, requireDriver } from "./driver-session";
import { getSessionUser } from "./session";
import { sessionActor } from "./session-actor";

/**
 * The one contract of a server action (every export of a "use server" module is a public endpoint):
 * read the session, authorize with the role policy (a refusal is recorded in the audit log), parse
 * the input with zod, run, revalidate the pages it changed, and answer one ActionResult. A redirect
 * from `run` goes through; any other error becomes the failure a form shows.
 */

type Revalidation = string | { path: string; type: "layout" | "page" };

type Common<Schema extends z.ZodType, Args extends unknown[]> = {
  input: Schema;
  /** How the call's arguments make the input (a form's fields, a bound id); default: the first argument. */
  args?: (...args: Args) => unknown;
  /** The pages to revalidate after a success (`run` adds those known only once it ran with `revalidate`). */
  revalidate?: readonly Revalidation[];
  /** The form field a domain error is about, to show its message there. */
  errorField?: (error: AppError) => string | undefined;
  /**
   * A failure carries the call's form fields back as `values`, so a page rendered after a post
   * without the script shows what was typed next to its errors (useActionForm's `typed`). Only for
   * forms without a secret: the values go back into the page.
   */
  echo?: boolean;
};

type Tenant = { db: Executor; companyId: number; dataset: Dataset };
/** What every `run` gets: the parsed input, and `revalidate` for pages known only once it ran. */
type RunContext<Input> = { input: Input; revalidate: (...paths: Revalidation[]) => void };
export type UserActionContext<Input> = RunContext<Input> & { user: SessionUser; actor: AuditActor; tenant: Tenant & { dataset: "live" } };
export type DriverActionContext<Input> = RunContext<Input> & { driver: SignedInDriver; actor: AuditActor; tenant: Tenant };

type UserSpec<Schema extends z.ZodType, Args extends unknown[]> = Common<Schema, Args> & {
  /** The role-policy action; none: any signed-in user, on their own account only. */
  action?: Action;
  /** The refusal's audit event and target (its id read from the raw input; "new" when there is none). */
  denied?: { action: DeniedEvent; target: AuditTargetType; id?: (raw: unknown, user: SessionUser) => unknown };
  /** A page form's action sends a signed-out or refused person to these pages instead of answering. */
  redirects?: { signedOut: `/${string}`; forbidden: `/${string}` };
};

type Made<Output> = Output extends object ? Output : object;

const failureOf = (error: unknown, errorField?: (error: AppError) => string | undefined): ActionFailure => {
  if (error instanceof z.ZodError) return { ok: false, message: CHECK_FIELDS, fieldErrors: fieldErrorsFromZod(error) };
  const appError = toAppError(error, newRequestId());
  const field = errorField?.(appError);
  return { ok: false, message: appError.message, fieldErrors: field ? { [field]: appError.message } : {} };
};

/** The text fields of the call's form, each name with its values (a multiple select sends several), without React's `$ACTION_…` fields. */
const echoedValues = (args: unknown[]): FormValues | undefined => {
  const form = args.find((arg) => arg instanceof FormData);
  if (!form) return undefined;
  const values: FormValues = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && !name.startsWith("$")) (values[name] ??= []).push(value);
  return values;
};

/** Runs `work` and answers its result: ok with what it made, or the failure (with the form's values when the spec echoes them). */
const answer = async <Output>(
  spec: Common<z.ZodType, never[]>,
  args: unknown[],
  work: (revalidate: (...paths: Revalidation[]) => void) => Promise<Output>,
): Promise<ActionResult<Made<Output>>> => {
  try {
    const paths = [...(spec.revalidate ?? [])];
    const made = await work((...more) => paths.push(...more));
    for (const path of paths) {
      if (typeof path === "string") revalidatePath(path);
      else revalidatePath(path.path, path.type);
    }
    return { ...(made as Made<Output>), ok: true as const };
  } catch (error) {
    unstable_rethrow(error);
    const failure = failureOf(error, spec.errorField);
    const values = spec.echo ? echoedValues(args) : undefined;
    return values ? { ...failure, values } : failure;
  }
};

const rawInput = <Args extends unknown[]>(spec: { args?: (...args: Args) => unknown }, args: Args) => (spec.args ? spec.args(...args) : args[0]);

/** The target id of a refusal: what the raw input names, if it is a plain id, else "new". */
const targetId = (read: ((raw: unknown, user: SessionUser) => unknown) | undefined, raw: unknown, user: SessionUser): string | number => {
  const id = read?.(raw, user);
  return (typeof id === "number" && Number.isFinite(id)) || (typeof id === "string" && id !== "" && id.length <= 200) ? id : "new";
};

const register = <Fn extends (...args: never[]) => unknown>(action: Fn, entry: ActionEntry): Fn => {
  ACTION_REGISTRY.set(action, entry);
  return action;
};

/** A dashboard action: the signed-in user's, authorized with the role policy, on their company's live data. */
export const defineAction = <Schema extends z.ZodType, Output = void, Args extends unknown[] = [input?: unknown]>(
  spec: UserSpec<Schema, Args>,
  run: (context: UserActionContext<z.output<Schema>>) => Promise<Output>,
) =>
  register(
    async (...args: Args): Promise<ActionResult<Made<Output>>> =>
      answer(spec as Common<z.ZodType, never[]>, args, async (revalidate) => {
        const raw = rawInput(spec, args);
        const user = await getSessionUser();
        if (!user) {
          if (spec.redirects) redirect(spec.redirects.signedOut);
          throw new AppError("unauthorized", "Your session has ended. Sign in again.");
        }
        const actor = await sessionActor(user);
        if (spec.action && spec.denied) {
          try {
            await authorizeAction({
              user,
              action: spec.action,
              actor,
              denied: { action: spec.denied.action, target: { type: spec.denied.target, id: targetId(spec.denied.id, raw, user) } },
            });
          } catch (error) {
            if (spec.redirects && isAppError(error) && error.code === "forbidden") redirect(spec.redirects.forbidden);
            throw error;
          }
        }
        const input = spec.input.parse(raw) as z.output<Schema>;
        return run({ input, revalidate, user, actor, tenant: { db: getDb(), companyId: user.companyId, dataset: "live" } });
      }),
    { session: "user", action: spec.action, denied: spec.denied && { action: spec.denied.action, target: spec.denied.target }, input: spec.input },
  );

/** A logbook action: the signed-in driver's (a user's session goes to the driver sign-in), on their own log. */
export const defineDriverAction = <Schema extends z.ZodType, Output = void, Args extends unknown[] = [input?: unknown]>(
  spec: Common<Schema, Args>,
  run: (context: DriverActionContext<z.output<Schema>>) => Promise<Output>,
) =>
  register(
    async (...args: Args): Promise<ActionResult<Made<Output>>> => {
      // Outside the answer's catch: the sign-in redirect of a missing driver session goes through as it is.
      const driver = await requireDriver();
      return answer(spec as Common<z.ZodType, never[]>, args, async (revalidate) => {
        const input = spec.input.parse(rawInput(spec, args)) as z.output<Schema>;
        const actor = await driverSessionActor(driver);
        return run({ input, revalidate, driver, actor, tenant: { db: getDb(), companyId: driver.companyId, dataset: driver.dataset } });
      });
    },
    { session: "driver", action: "keepOwnLogbook", input: spec.input },
  );

/** A public action before sign-in (sign in, setup, invite, reset): its input carries its credential. */
export const definePublicAction = <Schema extends z.ZodType, Output = void, Args extends unknown[] = [input?: unknown]>(
  spec: Common<Schema, Args>,
  run: (context: RunContext<z.output<Schema>>) => Promise<Output>,
) =>
  register(
    async (...args: Args): Promise<ActionResult<Made<Output>>> =>
      answer(spec as Common<z.ZodType, never[]>, args, async (revalidate) => {
        const input = spec.input.parse(rawInput(spec, args)) as z.output<Schema>;
        return run({ input, revalidate });
      }),
    { session: "none", input: spec.input },
  );

/**
 * A plain `<form action>` post of a page (a button that ends in a redirect): it answers nothing, so
 * a failure is thrown, and the page's error boundary shows it as it shows any thrown error.
 */
export const asFormPost = <Args extends unknown[]>(action: (...args: Args) => Promise<ActionResult>) =>
  register(async (...args: Args): Promise<void> => {
    const result = await action(...args);
    if (!result.ok) throw new AppError("bad_request", result.message);
  }, ACTION_REGISTRY.get(action)!);
