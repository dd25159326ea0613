import { SECTIONS } from "@/lib/access/auth/role-policy";

/** Each operation has a page of its own under the reference, named by its anchor. */
export const operationHref = (anchor: string) => `${SECTIONS.apiReference.href}/${anchor}`;

/** A section of the reference's index page (the overview, or an interface). */
export const indexSectionHref = (anchor: string) => `${SECTIONS.apiReference.href}#${anchor}`;
