/** What a company without the Waste module sees on the waste-jobs page. */
export const WasteModuleMissing = ({ companyName }: { companyName: string }) => (
  <section className="page">
    <h1>Waste jobs</h1>
    <div className="alert alert-info" role="status" data-testid="waste-module-missing">
      <strong>{companyName} does not have the Waste module.</strong>
      <p>
        Waste jobs (collections, deliveries, exchanges, removals and recycling runs, with their schedule, status and tonnage) come with the Waste module. An
        admin of your company can ask for the module to be enabled; the section then appears in the menu.
      </p>
    </div>
  </section>
);
