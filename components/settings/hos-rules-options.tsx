import { HOS_RULES_CHOICES } from "@/lib/dashboard/view/hos-rules";

/** The choices of a company's hours-of-service rules, for the setup page's and Company settings' select. */
export const HosRulesOptions = () =>
  HOS_RULES_CHOICES.map((choice) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  ));
