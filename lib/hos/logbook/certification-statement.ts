/** The statement a driver affirms when certifying a day, in the rule's words (49 CFR 395 subpart B Appendix A 4.3.2.3). */
export const CERTIFICATION_STATEMENT = "I hereby certify that my data entries and my record of duty status for this 24-hour period are true and correct.";
