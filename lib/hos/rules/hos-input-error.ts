/**
 * What the engine's entry points throw for input they cannot understand: `field` names it as the caller passed it
 * (`log[3].status`, `at`, `dayStartHour`). The engine imports nothing from the app, so callers inside the service
 * map it to their own error type.
 */
export class HosInputError extends Error {
  readonly field: string;

  constructor(field: string, problem: string) {
    super(`Invalid "${field}": ${problem}.`);
    this.name = "HosInputError";
    this.field = field;
  }
}
