import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildEndpoint, readBearerToken, route, routeFileOf, withRequest } from "@/lib/platform/http";

/** A note endpoint family as a later issue would define them: PATCH with path id and body, POST 201, DELETE 204. */
const idParams = z.object({ id: z.string().regex(/^\d+$/, "a numeric id").transform(Number) });
const noteBody = z.object({ text: z.string().min(1) }).strict();

const updateNote = buildEndpoint(
  withRequest,
  {
    method: "PATCH",
    path: "/notes/{id}",
    summary: "Update a note",
    params: idParams,
    body: noteBody,
    run: async ({ params, body }) => ({ data: { id: params.id, text: body.text } }),
  },
  {},
);
const createNote = buildEndpoint(
  withRequest,
  {
    method: "POST",
    path: "/notes",
    summary: "Create a note",
    body: noteBody,
    status: 201,
    headers: { "Cache-Control": "no-store" },
    run: async ({ body }) => ({ data: body }),
  },
  {},
);
const deleteNote = buildEndpoint(
  withRequest,
  { method: "DELETE", path: "/notes/{id}", summary: "Delete a note", params: idParams, status: 204, run: async () => ({ ignored: true }) },
  {},
);
const exportNotes = buildEndpoint(
  withRequest,
  { method: "GET", path: "/notes/export", summary: "Notes as CSV", run: async () => new Response("id,text\n", { headers: { "Content-Type": "text/csv" } }) },
  {},
);

const call = (handler: typeof updateNote.handler, method: string, params: Record<string, string>, body?: string) =>
  handler(new Request("http://localhost/notes", { method, body, headers: body ? { "content-type": "application/json" } : {} }), {
    params: Promise.resolve(params),
  });

const expectError = async (response: Response, status: number, message: RegExp) => {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body).toEqual({ message: expect.stringMatching(message), requestId: expect.stringMatching(/^req_/) });
  expect(response.headers.get("x-request-id")).toBe(body.requestId);
};

describe("endpoint definitions (lib/platform/http/endpoint.ts)", () => {
  it("PATCH with a path id and a body: run gets both parsed; a bad id or body is a 400 naming it, the path first", async () => {
    const ok = await call(updateNote.handler, "PATCH", { id: "7" }, JSON.stringify({ text: "hello" }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ data: { id: 7, text: "hello" } });
    await expectError(await call(updateNote.handler, "PATCH", { id: "x" }, JSON.stringify({ text: "" })), 400, /"id": a numeric id/);
    await expectError(await call(updateNote.handler, "PATCH", { id: "7" }, JSON.stringify({ text: "" })), 400, /"text"/);
    await expectError(await call(updateNote.handler, "PATCH", { id: "7" }, "{"), 400, /not valid JSON/);
  });

  it("POST answers the definition's 201 and headers; DELETE answers 204 with no body; a Response from run is sent as it is", async () => {
    const created = await call(createNote.handler, "POST", {}, JSON.stringify({ text: "new" }));
    expect(created.status).toBe(201);
    expect(created.headers.get("cache-control")).toBe("no-store");
    expect(await created.json()).toEqual({ data: { text: "new" } });

    const deleted = await call(deleteNote.handler, "DELETE", { id: "7" });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    expect(deleted.headers.get("x-request-id")).toMatch(/^req_/);

    const csv = await call(exportNotes.handler, "GET", {});
    expect(csv.headers.get("content-type")).toBe("text/csv");
    expect(await csv.text()).toBe("id,text\n");
  });

  it("route() gives a route file its method exports, and each definition names its route file", () => {
    const exports = route(updateNote, deleteNote);
    expect(exports).toEqual({ PATCH: updateNote.handler, DELETE: deleteNote.handler });
    expect(routeFileOf("/notes/{id}")).toBe("app/notes/[id]/route.ts");
  });
});

describe("readBearerToken (every interface's Authorization header)", () => {
  const tokenOf = (authorization?: string) =>
    readBearerToken(new Request("http://localhost/", { headers: authorization === undefined ? {} : { authorization } }));

  it("reads the token whatever the scheme's case and the spaces around it", () => {
    expect(tokenOf("Bearer abc")).toBe("abc");
    expect(tokenOf("bearer   abc  ")).toBe("abc");
    expect(tokenOf("BEARER abc")).toBe("abc");
  });

  it("is null without a header, for another scheme, or for a token with spaces in it", () => {
    expect(tokenOf()).toBeNull();
    expect(tokenOf("Basic abc")).toBeNull();
    expect(tokenOf("Bearer")).toBeNull();
    expect(tokenOf("Bearer a b")).toBeNull();
  });
});
