import { z } from "zod";
import { getCompany } from "@/lib/access/companies/list-companies";
import { defineFleetEndpoint } from "../define-fleet-endpoint";
import { idSchema } from "../records/common";

const organizationSchema = z
  .object({
    id: idSchema.meta({ description: "The company's id." }),
    name: z.string().meta({ description: "The company's name." }),
  })
  .meta({
    id: "OrganizationInfo",
    description: "Samsara's organization object; `carrierSettings` is left out (this service keeps no carrier name, DOT number or office address).",
  });

/** GET /me: the calling key's company, as Samsara's organizationInfo answers it. */
export const getOrganizationEndpoint = defineFleetEndpoint({
  method: "GET",
  path: "/me",
  scope: "organization:read",
  summary: "The key's organization",
  description: "The company the API key belongs to (the same for a live and a sandbox key).",
  response: z.object({ data: organizationSchema }).meta({ id: "OrganizationInfoResponse" }),
  run: async ({ db, tenant }) => {
    const { id, name } = await getCompany({ db, companyId: tenant.companyId });
    return { data: { id: String(id), name } };
  },
});
