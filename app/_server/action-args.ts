import { fieldsOf } from "./action-results";

/** The `args` of a `<form action>`: the previous answer (unused) and the form, whose text fields are the input. */
export const formFields = (_previous: unknown, form: FormData) => fieldsOf(form);
