/**
 * Pages whose forms carry a password or whose address holds a one-time token. Their forms post
 * (issue 40), so a password reaches a URL only when something went wrong: such a request is refused
 * without echoing it, and no log line shows these pages' query strings or tokens.
 */
const CREDENTIAL_PAGES = ["/login", "/logbook/login", "/setup", "/invite", "/reset-password"];
/** Pages whose next path segment is a one-time token (the link's credential). */
const TOKEN_PAGES = ["/invite", "/reset-password"];
const SECRET_PARAMETERS = ["password", "secret", "confirm", "currentPassword", "newPassword"];

const isUnder = (pathname: string, page: string) => pathname === page || pathname.startsWith(`${page}/`);

export const isCredentialPage = (pathname: string) => CREDENTIAL_PAGES.some((page) => isUnder(pathname, page));

/** The path as a log line shows it: never a query string, and a link's token replaced by `:token`. */
export const loggablePath = (url: string) => {
  const { pathname } = new URL(url);
  const tokenPage = TOKEN_PAGES.find((page) => pathname.startsWith(`${page}/`));
  return tokenPage ? `${tokenPage}/:token` : pathname;
};

const REFUSAL_PAGE =
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Request refused</title></head>
<body><main><h1>Request refused</h1>
<p>This request was refused: it carried a password in the web address, where browsers and servers keep it. ` +
  `Nothing was signed in and the password was not used.</p>
<p>Go back to the <a href="/login">sign-in page</a> and sign in there; ` +
  `if the page still sends the password this way, reload it first. Consider changing that password.</p>
</main></body></html>`;

/**
 * A GET to a credential page with a password in its query (a form submitted before its page's
 * script ran, on an older page, or a crafted link): a plain 400 page that names nothing it was sent.
 * Null for any other request.
 */
export const refuseSecretInQuery = (request: Request): Response | null => {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const { pathname, searchParams } = new URL(request.url);
  if (!isCredentialPage(pathname) || !SECRET_PARAMETERS.some((name) => searchParams.has(name))) return null;
  return new Response(REFUSAL_PAGE, {
    status: 400,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
};
