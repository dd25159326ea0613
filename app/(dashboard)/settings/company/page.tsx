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
          homeName: company.homeName,
          modules: company.modules,
        }}
      />
      <h2>Plan</h2>
      <dl className="details">
        <dt>Plan</dt>
        <dd>{company.planTier}</dd>
      </dl>
      <p className="muted">
        Whoever runs this service changes the plan (<code>npm run fleet -- company update</code>, which sets modules too).
      </p>
    </section>
  );
};

export default Page;
