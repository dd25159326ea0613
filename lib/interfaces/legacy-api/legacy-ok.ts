/** The bare `200 OK` of the legacy write endpoints: an empty body, as the interface shows no response shape. */
export const legacyOk = () => new Response(null, { status: 200 });
