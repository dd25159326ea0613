import { requireUser } from "@/app/_server/session";
import { SECTIONS } from "@/lib/access/auth/role-policy";
import { getCompany } from "@/lib/access/companies/list-companies";
import { CompanySettingsForm } from "./company-settings-form";

export const metadata = { title: "Company settings" };
export const dynamic = "force-dynamic";

const Page = async () => {
  const user = await requireUser(SECTIONS.companySettings.roles);
  const company = await getCompany({ companyId: user.companyId });
  return (
    <section className="page">
      <h1>Company settings</h1>
      <CompanySettingsForm
        settings={{
          name: company.name,
          timeZone: company.timeZone,
          distanceUnit: company.distanceUnit,
          hosRules: company.hosRules,
          idleMinimumMinutes: company.idleMinimumMinutes,
          speedingThreshold: company.speedingThreshold,
          usdotNumber: company.usdotNumber,
          carrierName: company.carrierName,
          mainOfficeAddress: company.mainOfficeAddress,
          eldRegistrationId: company.eldRegistrationId,
          eldIdentifier: company.eldIdentifier,
        }}
      />
      <h2>Plan and modules</h2>
      <dl className="details">
        <dt>Plan</dt>
        <dd>{company.planTier}</dd>
        <dt>Modules</dt>
        <dd>{company.modules.length > 0 ? company.modules.join(", ") : "None"}</dd>
      </dl>
      <p className="muted">
        Whoever runs this service changes the plan and modules (<code>npm run fleet -- company update</code>).
      </p>
    </section>
  );
};

export default Page;
